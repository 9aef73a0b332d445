package dev.weft.weaver.tool;

import dev.weft.weaver.ClassResolver;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes directories and jars of a class path as one {@link ClassResolver}, asked in order:
 * where the command line and the Maven plugin find the classes a woven class mentions, besides the
 * tree being woven.
 *
 * {@snippet :
 * try (ClassPath cp = ClassPath.open(List.of(Path.of("lib/weft-core.jar"), Path.of("target/classes")))) {
 *     byte[] wovenFuture = cp.find("dev/weft/coro/WovenFuture");
 * }
 * }
 *
 * <p>Elements that do not exist are left out: a build lists a classes directory before anything
 * is compiled into it.
 */
public final class ClassPath implements ClassResolver, Closeable {
    private final List<ClassTree> trees;

    private ClassPath(List<ClassTree> trees) {
        this.trees = trees;
    }

    /**
     * @param elements classes directories and jars
     * @return the class path, to be closed
     * @throws IOException if an element exists but is neither a directory nor a jar
     */
    public static ClassPath open(List<Path> elements) throws IOException {
        ClassPath cp = new ClassPath(new ArrayList<>());
        try {
            for (Path e : elements) {
                if (Files.exists(e)) cp.trees.add(ClassTree.open(e));
            }
        } catch (IOException | RuntimeException e) {
            try {
                cp.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return cp;
    }

    @Override
    public byte[] find(String internalName) {
        for (ClassTree t : trees) {
            byte[] b = t.resolver().find(internalName);
            if (b != null) return b;
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (ClassTree t : trees) {
            try {
                t.close();
            } catch (IOException e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        }
        if (failure != null) throw failure;
    }
}
