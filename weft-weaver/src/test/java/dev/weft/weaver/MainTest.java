package dev.weft.weaver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.toolsample.Chooser;
import dev.weft.weaver.toolsample.Fetcher;
import dev.weft.weaver.toolsample.Locked;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;

/** The command line, run in this JVM through {@link Main#run}, on copies of this module's test classes. */
class MainTest {
    private static final String PKG = "dev/weft/weaver/toolsample/";
    private static final String FETCHER = PKG + "Fetcher.class";
    private static final String STATE = PKG + "Fetcher$fetch$0.class";
    private static final String NOTES = PKG + "notes.txt";

    @TempDir
    Path tmp;

    @Test
    void weavesAClassesDirectoryInPlaceAndWeavingItAgainChangesNothing() throws Exception {
        Path dir = sampleDirectory(tmp.resolve("classes"), Fetcher.class);

        Run first = run("weave", dir.toString(), dir.toString());

        assertThat(first.status).as(first.err).isZero();
        assertThat(first.out).startsWith("weft-weaver: wove 1 class, 1 body, 0 warnings");
        assertThat(isWoven(Files.readAllBytes(dir.resolve(FETCHER)))).isTrue();
        assertThat(dir.resolve(STATE)).isRegularFile();
        assertThat(new ClassReader(Files.readAllBytes(dir.resolve(STATE))).getSuperName())
                .isEqualTo("dev/weft/coro/WovenFuture");
        Map<String, byte[]> woven = files(dir);

        Run again = run("weave", dir.toString(), dir.toString());

        assertThat(again.status).as(again.err).isZero();
        assertThat(again.out).startsWith("weft-weaver: wove 0 classes, 0 bodies, 0 warnings");
        assertThat(files(dir)).containsOnlyKeys(woven.keySet());
        woven.forEach((name, bytes) -> assertThat(files(dir).get(name)).as(name).isEqualTo(bytes));
    }

    @Test
    void weavesADirectoryIntoAnotherCopyingItsResources() throws Exception {
        Path in = sampleDirectory(tmp.resolve("in"), Fetcher.class);
        Path out = tmp.resolve("out");

        Run r = run("weave", in.toString(), out.toString());

        assertThat(r.status).as(r.err).isZero();
        assertThat(files(out)).containsOnlyKeys(FETCHER, STATE, NOTES);
        assertThat(Files.readString(out.resolve(NOTES))).isEqualTo("not a class");
        assertThat(isWoven(Files.readAllBytes(in.resolve(FETCHER)))).as("the input is left as it was").isFalse();
    }

    @Test
    void weavesAJarWithTheStateClassBesideItsHostAndTheSameBytesEveryTime() throws Exception {
        Path in = jar(sampleDirectory(tmp.resolve("classes"), Fetcher.class), tmp.resolve("in.jar"));
        Path out = tmp.resolve("out.jar");

        Run r = run("weave", in.toString(), out.toString());

        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).startsWith("weft-weaver: wove 1 class, 1 body, 0 warnings");
        try (JarFile jar = new JarFile(out.toFile())) {
            assertThat(entryNames(jar)).containsSubsequence(JarFile.MANIFEST_NAME, FETCHER, STATE).contains(NOTES);
            assertThat(jar.getManifest().getMainAttributes().getValue("Created-By")).isEqualTo("MainTest");
            assertThat(isWoven(jar.getInputStream(jar.getEntry(FETCHER)).readAllBytes())).isTrue();
        }
        byte[] woven = Files.readAllBytes(out);

        Run inPlace = run("weave", out.toString(), out.toString());
        Run elsewhere = run("weave", in.toString(), tmp.resolve("again.jar").toString());

        assertThat(inPlace.out).startsWith("weft-weaver: wove 0 classes");
        assertThat(Files.readAllBytes(out)).as("woven again in place").isEqualTo(woven);
        assertThat(elsewhere.status).as(elsewhere.err).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("again.jar"))).as("woven again from the input").isEqualTo(woven);
    }

    @Test
    void aStateClassOfAVersionedClassInAMultiReleaseJarGoesBesideItsHost() throws Exception {
        Path classes = sampleDirectory(tmp.resolve("classes"), Fetcher.class);
        Path versioned = Files.createDirectories(tmp.resolve("mr/META-INF/versions/25/" + PKG));
        Files.copy(classes.resolve(FETCHER), versioned.resolve("Fetcher.class"));
        Path in = jar(tmp.resolve("mr"), tmp.resolve("mr.jar"));

        Run r = run("weave", in.toString(), tmp.resolve("out.jar").toString());

        assertThat(r.status).as(r.err).isZero();
        try (JarFile jar = new JarFile(tmp.resolve("out.jar").toFile())) {
            assertThat(entryNames(jar)).containsSubsequence("META-INF/versions/25/" + FETCHER, "META-INF/versions/25/" + STATE)
                    .doesNotContain(STATE);
        }
    }

    @Test
    void expandPrintsTheStateClassOfEachWovenBody() throws Exception {
        Path dir = sampleDirectory(tmp.resolve("classes"), Fetcher.class);
        assertThat(run("weave", dir.toString(), dir.toString()).status).isZero();

        Run tree = run("expand", dir.toString());
        Run file = run("expand", dir.resolve(FETCHER).toString(), "fetch", "--bytecode");
        Run none = run("expand", dir.toString(), "noSuchMethod");

        assertThat(tree.status).as(tree.err).isZero();
        assertThat(tree.out).contains("final class Fetcher$fetch$0 extends WovenFuture<Integer>")
                .doesNotContain("INVOKESTATIC");
        assertThat(file.status).as(file.err).isZero();
        assertThat(file.out).contains("final class Fetcher$fetch$0 extends WovenFuture<Integer>")
                .contains("INVOKESTATIC dev/weft/Weft.await");
        assertThat(none.status).isZero();
        assertThat(none.out).isEmpty();
        assertThat(none.err).contains("no woven body in " + dir + " whose method contains noSuchMethod");
    }

    @Test
    void expandLeavesOutTheBodiesKeptStackful() throws Exception {
        Path dir = sampleDirectory(tmp.resolve("classes"), Fetcher.class, Locked.class);
        assertThat(run("weave", "--keep-refused-stackful", dir.toString(), dir.toString()).status).isZero();

        Run r = run("expand", dir.toString());

        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).contains("final class Fetcher$fetch$0").doesNotContain("Locked");
    }

    @Test
    void bothLambdasOfAConditionalPassedToOneAsyncCallAreWoven() throws Exception {
        Path in = sampleDirectory(tmp.resolve("in"), Chooser.class);
        Path out = tmp.resolve("out");

        Run r = run("weave", "--keep-refused-stackful", in.toString(), out.toString());

        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).startsWith("weft-weaver: wove 1 class, 2 bodies, 0 warnings");
        assertThat(isWoven(Files.readAllBytes(out.resolve(PKG + "Chooser.class")))).isTrue();
    }

    @Test
    void aRefusedBodyExitsWithTheWeaversMessageAndWritesNothing() throws Exception {
        Path in = sampleDirectory(tmp.resolve("in"), Locked.class);
        Path out = tmp.resolve("out");

        Run r = run("weave", in.toString(), out.toString());

        assertThat(r.status).isEqualTo(1);
        assertThat(r.err).startsWith("weft-weaver: " + PKG + "Locked.class: Locked.java:")
                .contains("Weft.await inside a synchronized block");
        assertThat(out).doesNotExist();
    }

    @Test
    void keepRefusedStackfulWarnsAndCopiesTheClassUnwoven() throws Exception {
        Path in = sampleDirectory(tmp.resolve("in"), Locked.class);
        Path out = tmp.resolve("out");

        Run r = run("weave", "--keep-refused-stackful", in.toString(), out.toString());

        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).startsWith("weft-weaver: wove 0 classes, 0 bodies, 1 warning");
        assertThat(r.err).startsWith("weft-weaver: warning: Locked.java:");
        assertThat(Files.readAllBytes(out.resolve(PKG + "Locked.class")))
                .isEqualTo(Files.readAllBytes(in.resolve(PKG + "Locked.class")));
    }

    @Test
    void aMissingInputIsNamedAndExitsWith1() {
        Path missing = tmp.resolve("missing");

        Run r = run("weave", missing.toString(), tmp.resolve("out").toString());

        assertThat(r.status).isEqualTo(1);
        assertThat(r.err).isEqualTo("weft-weaver: " + missing + ": no such classes directory or jar\n");
    }

    @Test
    void wrongArgumentsPrintTheUsageAndExitWith2() {
        List<String[]> wrong = List.of(new String[0], new String[] {"weave", "in"}, new String[] {"frobnicate", "x"},
                new String[] {"expand"}, new String[] {"expand", "a", "b", "c"}, new String[] {"weave", "a", "b", "--bytecode"},
                new String[] {"expand", "a", "--keep-refused-stackful"}, new String[] {"weave", "a", "b", "--classpath"},
                new String[] {"weave", "a", "b", "--fast"});
        for (String[] args : wrong) {
            Run r = run(args);
            assertThat(r.status).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err).as(String.join(" ", args)).startsWith("weft-weaver: ").contains(Main.USAGE);
            assertThat(r.out).isEmpty();
        }
        Run help = run("--help");
        assertThat(help.status).isZero();
        assertThat(help.out).isEqualTo(Main.USAGE);
    }

    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, print(out), print(err));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static PrintStream print(OutputStream sink) {
        return new PrintStream(sink, true, StandardCharsets.UTF_8);
    }

    /** A classes directory holding the samples' class files (as compiled, unwoven) and one resource. */
    private static Path sampleDirectory(Path root, Class<?>... samples) throws IOException, URISyntaxException {
        Path pkg = Files.createDirectories(root.resolve(PKG));
        for (Class<?> sample : samples) {
            Path compiled = Path.of(sample.getResource(sample.getSimpleName() + ".class").toURI()).getParent();
            try (Stream<Path> files = Files.list(compiled)) {
                for (Path f : files.toList()) {
                    String name = f.getFileName().toString();
                    if (name.equals(sample.getSimpleName() + ".class") || name.startsWith(sample.getSimpleName() + "$")) {
                        Files.copy(f, pkg.resolve(name));
                    }
                }
            }
        }
        Files.writeString(root.resolve(NOTES), "not a class");
        return root;
    }

    /** A jar of {@code dir} with a manifest first, as the jar tool writes one. */
    private static Path jar(Path dir, Path jar) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Created-By", "MainTest");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            for (Map.Entry<String, byte[]> f : files(dir).entrySet()) {
                out.putNextEntry(new ZipEntry(f.getKey()));
                out.write(f.getValue());
                out.closeEntry();
            }
        }
        return jar;
    }

    private static Map<String, byte[]> files(Path dir) {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        } catch (IOException e) {
            throw new AssertionError("reading " + dir, e);
        }
        return files;
    }

    private static List<String> entryNames(JarFile jar) {
        List<String> names = new ArrayList<>();
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) names.add(e.nextElement().getName());
        return names;
    }

    /** Whether the class carries the weaver's marker, read properly (not by a byte scan). */
    private static boolean isWoven(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_CODE);
        List<AnnotationNode> invisible = node.invisibleAnnotations == null ? List.of() : node.invisibleAnnotations;
        return invisible.stream().anyMatch(a -> a.desc.equals("Ldev/weft/coro/Woven;"));
    }
}
