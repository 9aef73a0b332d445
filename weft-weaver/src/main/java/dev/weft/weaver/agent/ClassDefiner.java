package dev.weft.weaver.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Defines a class in any class loader, as {@code ClassLoader.defineClass} does: how the agent puts
 * a woven class's state classes into that class's loader and package before the woven class itself
 * is defined.
 *
 * {@snippet :
 * ClassDefiner definer = ClassDefiner.open(instrumentation);
 * definer.define(loader, "com.example.Foo$fetch$0", stateClassBytes, protectionDomain);
 * }
 *
 * <p>{@code defineClass} is protected, and {@code java.base} does not open {@code java.lang}. So
 * {@link #open} loads {@link DefineClassHandle} alone into a class loader of its own, opens
 * {@code java.lang} to that loader's unnamed module only ({@link Instrumentation#redefineModule},
 * which needs no JVM flag nor manifest attribute), and keeps the method handle it makes. The
 * application's class path gains no access: an agent that opened {@code java.lang} to its own
 * module, the class path's unnamed module, would open it to all the application's code.
 *
 * <p>Thread-safe: {@link #define} only invokes a method handle.
 */
public final class ClassDefiner {
    private final MethodHandle defineClass;

    private ClassDefiner(MethodHandle defineClass) {
        this.defineClass = defineClass;
    }

    /**
     * @param inst the agent's instrumentation, to open {@code java.lang}
     * @return the definer
     * @throws IllegalStateException if {@link DefineClassHandle}'s class file is missing or cannot
     *     be instantiated
     * @throws UncheckedIOException if it cannot be read
     */
    public static ClassDefiner open(Instrumentation inst) {
        ClassLoader agentLoader = ClassDefiner.class.getClassLoader();
        String resource = DefineClassHandle.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = agentLoader.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " is missing from the agent's class path");
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + resource, e);
        }
        Isolated isolated = new Isolated(agentLoader);
        Class<?> handleClass = isolated.define(bytes);
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.lang", Set.of(isolated.getUnnamedModule())), Set.of(), Map.of());
        try {
            @SuppressWarnings("unchecked")
            Supplier<MethodHandle> maker = (Supplier<MethodHandle>) handleClass.getConstructor().newInstance();
            return new ClassDefiner(maker.get());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("creating " + handleClass.getName(), e);
        }
    }

    /**
     * @param loader the loader to define the class in
     * @param binaryName its name with dots
     * @param bytes its class file
     * @param domain its protection domain ({@code null}: the loader's default)
     * @return the defined class
     * @throws LinkageError as {@code ClassLoader.defineClass}: a class of that name is already
     *     defined, a bad class file, a superclass not found
     */
    public Class<?> define(ClassLoader loader, String binaryName, byte[] bytes, ProtectionDomain domain) {
        try {
            return (Class<?>) defineClass.invokeExact(loader, binaryName, bytes, 0, bytes.length, domain);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("ClassLoader.defineClass threw a checked exception", t);
        }
    }

    /** Holds {@link DefineClassHandle} and nothing else; its unnamed module is the one java.lang opens to. */
    private static final class Isolated extends ClassLoader {
        Isolated(ClassLoader parent) {
            super("weft-agent-definer", parent);
        }

        Class<?> define(byte[] classFile) {
            return defineClass(null, classFile, 0, classFile.length);
        }
    }
}
