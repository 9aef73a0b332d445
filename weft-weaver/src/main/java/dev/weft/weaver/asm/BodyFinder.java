package dev.weft.weaver.asm;

import dev.weft.weaver.ClassBytes;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * Finds the bodies of a class to weave: at each {@code Weft.async} call site ({@link AsyncSites}),
 * the lambdas and same-class method references that call {@code Weft.await}, with a warning for
 * each one left stackful (a method of another class, an overridable method, a call site the
 * argument can also reach from elsewhere).
 *
 * {@snippet :
 * List<String> warnings = new ArrayList<>();
 * for (MethodNode body : new BodyFinder(hierarchy).bodies(owner, warnings)) { ... }
 * }
 */
final class BodyFinder {
    private final Hierarchy hierarchy;

    /** @param hierarchy finds the class files of other classes' method references */
    BodyFinder(Hierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    /**
     * The distinct body methods to weave: each lambda or same-class method reference that calls
     * {@code Weft.await} and, at some {@code Weft.async} call site, makes the argument with the
     * site {@linkplain AsyncSites exclusive}. A body that reaches a site only together with
     * something else (a local, a field, a call's result) stays stackful there, with a warning.
     */
    List<MethodNode> bodies(ClassNode cn, List<String> warnings) {
        List<MethodNode> out = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            List<AsyncSites.Site> sites = sites(cn, m, warnings);
            for (AsyncSites.Site site : sites) {
                for (InvokeDynamicInsnNode lambda : site.lambdas()) {
                    Handle h = Names.callableLambda(lambda);
                    if (!h.getOwner().equals(cn.name)) {
                        if (foreignBodyAwaits(h)) warnings.add(foreign(cn, site.call(), h));
                        continue;
                    }
                    MethodNode impl = impl(cn, h);
                    if (impl == null || !awaits(impl) || out.contains(impl)) continue;
                    if (overridable(cn, impl)) {
                        warnings.add(where(cn, site.call()) + ": the method reference to "
                                + impl.name + " passed to Weft.async is left unwoven (stackful): the method can be "
                                + "overridden. Make it private, static or final to have it woven.");
                    } else if (!site.exclusive()) {
                        warnings.add(where(cn, site.call()) + ": " + impl.name + " passed to Weft.async is left unwoven "
                                + "there (stackful): the Callable that call gets is not always a lambda made for it "
                                + "alone (it can also come from a local, a field or a call, or the lambda is used "
                                + "elsewhere too). Fix: call Weft.async where the lambda is written, e.g. "
                                + "'c ? Weft.async(() -> ...) : other'.");
                    } else {
                        out.add(impl);
                    }
                }
            }
        }
        return out;
    }

    /** @return the {@code Weft.async} call sites of {@code m}; none, with a warning, if it cannot be analysed */
    static List<AsyncSites.Site> sites(ClassNode cn, MethodNode m, List<String> warnings) {
        if (!AsyncSites.any(m)) return List.of();
        try {
            return AsyncSites.of(cn.name, m);
        } catch (AnalyzerException e) {
            String w = BodyWeaver.where(cn, m) + ": the Weft.async calls in " + m.name + " are left unwoven (stackful): "
                    + "the weaver could not analyse " + m.name + ": " + e.getMessage();
            if (!warnings.contains(w)) warnings.add(w);
            return List.of();
        }
    }

    private static String foreign(ClassNode cn, AbstractInsnNode call, Handle h) {
        return where(cn, call) + ": the method reference " + h.getOwner().replace('/', '.') + "::"
                + h.getName() + " passed to Weft.async is left unwoven (stackful): the weaver weaves "
                + "bodies of the call site's own class only. Fix: make " + h.getName() + " return "
                + "Weft.async(() -> ...) itself and pass that future instead.";
    }

    /** @return whether a method of another class, found through the resolver, calls {@code Weft.await} */
    private boolean foreignBodyAwaits(Handle h) {
        byte[] bytes = hierarchy.classFile(h.getOwner());
        if (bytes == null || !ClassBytes.mentionsWeft(bytes)) return false;
        ClassNode other = ClassWeaver.parse(bytes);
        MethodNode m = impl(other, h);
        return m != null && awaits(m);
    }

    /** @return {@code File.java:line} of {@code insn} (the file alone if no line is known) */
    static String where(ClassNode cn, AbstractInsnNode insn) {
        int line = -1;
        for (AbstractInsnNode p = insn; p != null && line < 0; p = p.getPrevious()) {
            if (p instanceof LineNumberNode ln) line = ln.line;
        }
        String file = cn.sourceFile != null ? cn.sourceFile : cn.name.replace('/', '.');
        return line > 0 ? file + ":" + line : file;
    }

    private static MethodNode impl(ClassNode cn, Handle h) {
        if (h == null || !h.getOwner().equals(cn.name)) return null;
        for (MethodNode m : cn.methods) {
            if (m.name.equals(h.getName()) && m.desc.equals(h.getDesc())) return m;
        }
        return null;
    }

    private static boolean awaits(MethodNode m) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (Names.isAwait(insn) || Names.isScopeClose(insn)) return true;
        }
        return false;
    }

    private static boolean overridable(ClassNode cn, MethodNode m) {
        if ((m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0) return false;
        if (m.name.equals("<init>")) return false;
        return (cn.access & Opcodes.ACC_FINAL) == 0;
    }
}
