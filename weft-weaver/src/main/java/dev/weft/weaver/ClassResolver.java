package dev.weft.weaver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Finds the class file of a class by its internal name ({@code java/lang/String}): what the weaver
 * needs to know a class's superclass and interfaces when it computes stack-map frames, without
 * loading the class.
 *
 * {@snippet :
 * ClassResolver r = ClassResolver.of(Thread.currentThread().getContextClassLoader());
 * byte[] string = r.find("java/lang/String"); // the class file bytes, or null
 * }
 */
@FunctionalInterface
public interface ClassResolver {

    /**
     * @param internalName a class name with slashes
     * @return its class file, or {@code null} if not found
     */
    byte[] find(String internalName);

    /**
     * A resolver reading {@code name.class} resources of {@code loader} (the system loader if
     * {@code null}, which also finds the JDK's classes through {@code jrt:}).
     *
     * @param loader where to look
     * @return the resolver
     */
    static ClassResolver of(ClassLoader loader) {
        return name -> {
            String resource = name + ".class";
            ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
            try (InputStream in = l.getResourceAsStream(resource)) {
                if (in != null) return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + resource, e);
            }
            try (InputStream in = ClassLoader.getSystemResourceAsStream(resource)) {
                return in == null ? null : in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + resource, e);
            }
        };
    }

    /**
     * @param first asked first
     * @param then asked when {@code first} finds nothing
     * @return a resolver asking both in order
     */
    static ClassResolver chain(ClassResolver first, ClassResolver then) {
        return name -> {
            byte[] b = first.find(name);
            return b != null ? b : then.find(name);
        };
    }
}
