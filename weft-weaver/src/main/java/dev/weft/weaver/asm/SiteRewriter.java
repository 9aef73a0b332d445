package dev.weft.weaver.asm;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Rewrites the {@code Weft.async} call sites of a class once its bodies are woven: at each
 * exclusive site ({@link AsyncSites}) that a woven body reaches, each lambda of a woven body
 * becomes {@code StateClass.create(captures)} where it is made, each other lambda
 * {@code Weft.async(lambda)}, and the site's casts and {@code Weft.async} call go.
 *
 * {@snippet :
 * Map<MethodNode, SiteRewriter.Rewritten> changed = SiteRewriter.rewrite(owner, woven, warnings);
 * }
 */
final class SiteRewriter {
    private SiteRewriter() {}

    /**
     * What was rewritten in one method.
     *
     * @param bodies name + descriptor of the woven bodies whose lambdas it holds
     * @param site {@code File.java:line} of its first rewritten call
     */
    record Rewritten(Set<String> bodies, String site) {}

    /**
     * Rewrites the sites of every method of {@code cn}, the woven bodies (already in it) included:
     * an inner {@code Weft.async} is woven as well.
     *
     * @param cn the class, its woven bodies added
     * @param woven the woven bodies, by the name + descriptor of the body they were woven from
     * @param warnings gains a warning for a method whose sites cannot be analysed
     * @return each method rewritten
     */
    static Map<MethodNode, Rewritten> rewrite(ClassNode cn, Map<String, WovenBody> woven, List<String> warnings) {
        Map<MethodNode, Rewritten> changed = new LinkedHashMap<>();
        for (MethodNode m : List.copyOf(cn.methods)) {
            for (AsyncSites.Site site : BodyFinder.sites(cn, m, warnings)) {
                if (!site.exclusive() || site.lambdas().stream().allMatch(l -> wovenBody(cn, woven, l) == null)) continue;
                Rewritten r = changed.computeIfAbsent(m, k -> new Rewritten(new LinkedHashSet<>(), BodyFinder.where(cn, site.call())));
                for (InvokeDynamicInsnNode lambda : site.lambdas()) {
                    WovenBody b = wovenBody(cn, woven, lambda);
                    if (b != null) r.bodies().add(key(lambda));
                    if (b == null) {
                        MethodInsnNode call = site.call();
                        m.instructions.insert(lambda, new MethodInsnNode(call.getOpcode(), call.owner, call.name, call.desc, call.itf));
                        continue;
                    }
                    String desc = Type.getMethodDescriptor(Type.getObjectType(Names.FUTURE), Type.getArgumentTypes(lambda.desc));
                    m.instructions.set(lambda, new MethodInsnNode(Opcodes.INVOKESTATIC, b.stateClass(), "create", desc, false));
                }
                for (TypeInsnNode cast : site.casts()) m.instructions.remove(cast);
                m.instructions.remove(site.call());
            }
        }
        return changed;
    }

    /** @return the woven body a lambda of this class makes a {@code Callable} of, or {@code null} */
    private static WovenBody wovenBody(ClassNode cn, Map<String, WovenBody> woven, InvokeDynamicInsnNode lambda) {
        Handle h = Names.callableLambda(lambda);
        return h.getOwner().equals(cn.name) ? woven.get(key(lambda)) : null;
    }

    /** @return name + descriptor of the method a lambda makes a {@code Callable} of */
    private static String key(InvokeDynamicInsnNode lambda) {
        Handle h = Names.callableLambda(lambda);
        return h.getName() + h.getDesc();
    }
}
