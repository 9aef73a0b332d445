package dev.weft.weaver.testkit;

import java.util.Map;

/**
 * Defines classes from class files held in memory (what {@link MemoryCompiler} gives), unwoven;
 * everything else comes from the parent. The plain twin of {@link WeavingClassLoader#ofClassFiles}.
 *
 * {@snippet :
 * Map<String, byte[]> classes = MemoryCompiler.compile(Map.of("gen.A", "package gen; public class A {}"));
 * Class<?> a = new MemoryClassLoader(getClass().getClassLoader(), classes).loadClass("gen.A");
 * }
 */
public final class MemoryClassLoader extends ClassLoader {
    private final Map<String, byte[]> classFiles;

    /**
     * @param parent loads everything not in {@code classFiles}
     * @param classFiles class files by binary name
     */
    public MemoryClassLoader(ClassLoader parent, Map<String, byte[]> classFiles) {
        super("memory", parent);
        this.classFiles = Map.copyOf(classFiles);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] b = classFiles.get(name);
        if (b == null) throw new ClassNotFoundException(name);
        return defineClass(name, b, 0, b.length);
    }
}
