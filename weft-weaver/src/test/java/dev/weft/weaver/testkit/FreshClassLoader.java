package dev.weft.weaver.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/**
 * A child-first class loader that defines its own copy of chosen classes, unwoven, from the
 * parent's class files: each instance has its own static state and runs the classes' static
 * initializers again. The plain twin of {@link WeavingClassLoader#ofClasses}.
 *
 * {@snippet :
 * Class<?> fresh = new FreshClassLoader(getClass().getClassLoader(), Set.of("com.example.Inits")).loadClass("com.example.Inits");
 * }
 */
public final class FreshClassLoader extends ClassLoader {
    private final Set<String> names;

    /**
     * @param parent loads everything not chosen, and holds the class files of the chosen classes
     * @param names binary names of the chosen classes; their nested classes are chosen too
     */
    public FreshClassLoader(ClassLoader parent, Set<String> names) {
        super("fresh", parent);
        this.names = Set.copyOf(names);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!chosen(name)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) c = define(name);
            if (resolve) resolveClass(c);
            return c;
        }
    }

    private boolean chosen(String name) {
        return names.contains(name) || names.stream().anyMatch(n -> name.startsWith(n + "$"));
    }

    private Class<?> define(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) throw new ClassNotFoundException(name);
            byte[] b = in.readAllBytes();
            return defineClass(name, b, 0, b.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
