package dev.weft.weaver.tool;

import dev.weft.weaver.ClassResolver;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The class files of a JDK's run-time image, read through that JDK's own {@code jrt:} file system:
 * lets a build running on an older JDK (Maven on 17) find the classes of the JDK the code is
 * compiled for (25), which the weaver needs to compute stack-map frames right.
 *
 * {@snippet :
 * try (JdkImage jdk = JdkImage.open(Path.of("/usr/lib/jvm/temurin-25-jdk-amd64"))) {
 *     byte[] scopedValue = jdk.find("java/lang/ScopedValue");
 * }
 * }
 */
public final class JdkImage implements ClassResolver, Closeable {
    private final Path home;
    private final FileSystem jrt;

    private JdkImage(Path home, FileSystem jrt) {
        this.home = home;
        this.jrt = jrt;
    }

    /**
     * @param javaHome the JDK's home directory (the parent of its {@code bin})
     * @return the image, to be closed
     * @throws IOException if {@code javaHome} is not a JDK 9 or later
     */
    public static JdkImage open(Path javaHome) throws IOException {
        if (!Files.isRegularFile(javaHome.resolve("lib").resolve("modules"))) {
            throw new IOException(javaHome + " is not a JDK home with a run-time image (lib/modules)");
        }
        return new JdkImage(javaHome, FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", javaHome.toString())));
    }

    @Override
    public byte[] find(String internalName) {
        int slash = internalName.lastIndexOf('/');
        if (slash < 0) return null; // the JDK has no class in the unnamed package
        Path pkg = jrt.getPath("/packages", internalName.substring(0, slash).replace('/', '.'));
        if (!Files.isDirectory(pkg)) return null;
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(pkg)) {
            for (Path m : modules) {
                Path f = jrt.getPath("/modules", m.getFileName().toString(), internalName + ".class");
                if (Files.isRegularFile(f)) return Files.readAllBytes(f);
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + internalName + " in the JDK at " + home, e);
        }
    }

    @Override
    public void close() throws IOException {
        jrt.close();
    }
}
