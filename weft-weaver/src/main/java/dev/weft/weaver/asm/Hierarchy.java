package dev.weft.weaver.asm;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

/**
 * Superclasses and interface flags of classes, read from class files through a
 * {@link ClassResolver} (never by loading them: a java agent must not load classes while it
 * transforms one). Classes the weaver is generating are declared with {@link #declare}.
 */
final class Hierarchy {
    private record Info(String superName, boolean isInterface) {}

    private final ClassResolver resolver;
    private final Map<String, Info> cache = new HashMap<>();

    Hierarchy(ClassResolver resolver) {
        this.resolver = resolver;
    }

    void declare(String name, String superName, boolean isInterface) {
        cache.put(name, new Info(superName, isInterface));
    }

    boolean isInterface(String name) {
        return info(name).isInterface();
    }

    /** @return the superclass's internal name, {@code null} for {@code java/lang/Object} and interfaces' Object */
    String superName(String name) {
        return info(name).superName();
    }

    /** @return whether {@code sub} is {@code sup} or extends it (interfaces: never, except itself) */
    boolean isSubclass(String sub, String sup) {
        for (String c = sub; c != null; c = superName(c)) {
            if (c.equals(sup)) return true;
        }
        return false;
    }

    /** The least common superclass, as the verifier merges two types (interfaces merge to Object). */
    String commonSuperClass(String a, String b) {
        if (a.equals(b)) return a;
        if (isInterface(a) || isInterface(b)) return "java/lang/Object";
        List<String> chain = new ArrayList<>();
        for (String c = a; c != null; c = superName(c)) chain.add(c);
        for (String c = b; c != null; c = superName(c)) {
            if (chain.contains(c)) return c;
        }
        return "java/lang/Object";
    }

    /** @return the class file of {@code name}, or {@code null} if the resolver has none */
    byte[] classFile(String name) {
        return resolver.find(name);
    }

    private Info info(String name) {
        Info i = cache.get(name);
        if (i != null) return i;
        byte[] bytes = resolver.find(name);
        if (bytes == null) {
            throw new WeaveException("the weaver cannot find class " + name.replace('/', '.')
                    + ", which it needs to compute stack-map frames; put it on the weaver's class path (the command"
                    + " line's --classpath; the project's dependencies for the Maven plugin)");
        }
        ClassReader r = new ClassReader(bytes);
        i = new Info(r.getSuperName(), (r.getAccess() & Opcodes.ACC_INTERFACE) != 0);
        cache.put(name, i);
        return i;
    }
}
