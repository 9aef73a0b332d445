package dev.weft.weaver.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.weaver.toolsample.Fetcher;
import dev.weft.weaver.toolsample.Locked;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the mojos do, on a copy of this module's test classes: the weaver reads Weft from the
 * "project's class path" and the JDK from a JDK image, as in a build whose toolchain is not the
 * JDK Maven runs on.
 */
class ProjectClassesTest {
    private static final String PKG = "dev/weft/weaver/toolsample/";

    @TempDir
    Path tmp;

    @Test
    void weavesTheDirectoryInPlaceAndAgainChangesNothing() throws Exception {
        Path dir = copy(Fetcher.class);
        RecordingLog log = new RecordingLog();

        classes(dir, log).weave(false);
        byte[] woven = Files.readAllBytes(dir.resolve(PKG + "Fetcher.class"));
        classes(dir, log).weave(false);

        assertThat(log.lines).containsExactly("info Weft: wove 1 class, 1 body, 0 warnings in " + dir,
                "info Weft: wove 0 classes, 0 bodies, 0 warnings in " + dir);
        assertThat(dir.resolve(PKG + "Fetcher$fetch$0.class")).isRegularFile();
        assertThat(Files.readAllBytes(dir.resolve(PKG + "Fetcher.class"))).isEqualTo(woven);
    }

    @Test
    void aRefusedBodyFailsTheBuildAndSaysHowToKeepItStackful() throws Exception {
        Path dir = copy(Locked.class);

        assertThatThrownBy(() -> classes(dir, new RecordingLog()).weave(false))
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("Weft: " + PKG + "Locked.class: Locked.java:")
                .hasMessageEndingWith("(or set keepRefusedStackful, -Dweft.keepRefusedStackful, to keep it as a stackful"
                        + " coroutine)");
    }

    @Test
    void keepRefusedStackfulLogsTheRefusalAsAWarning() throws Exception {
        Path dir = copy(Locked.class);
        RecordingLog log = new RecordingLog();

        classes(dir, log).weave(true);

        assertThat(log.lines).hasSize(2);
        assertThat(log.lines.get(0)).startsWith("warn Weft: Locked.java:");
        assertThat(log.lines.get(1)).isEqualTo("info Weft: wove 0 classes, 0 bodies, 1 warning in " + dir);
    }

    @Test
    void expandLogsEachWovenBody() throws Exception {
        Path dir = copy(Fetcher.class);
        classes(dir, new RecordingLog()).weave(false);
        RecordingLog log = new RecordingLog();

        classes(dir, log).expand("fetch", false);

        assertThat(log.lines).singleElement().asString().contains("final class Fetcher$fetch$0 extends WovenFuture<Integer>");
    }

    @Test
    void aDirectoryNotCompiledYetIsLeftAlone() throws Exception {
        RecordingLog log = new RecordingLog();

        classes(tmp.resolve("classes"), log).weave(false);

        assertThat(log.lines).containsExactly("info Weft: nothing to weave, no " + tmp.resolve("classes"));
        assertThat(tmp.resolve("classes")).doesNotExist();
    }

    private static ProjectClasses classes(Path dir, RecordingLog log) throws URISyntaxException {
        String weftCore = Path.of(Weft.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return new ProjectClasses(dir.toFile(), List.of(dir.toString(), weftCore), Path.of(System.getProperty("java.home")), log);
    }

    private Path copy(Class<?> sample) throws IOException, URISyntaxException {
        Path compiled = Path.of(sample.getResource(sample.getSimpleName() + ".class").toURI()).getParent();
        Path pkg = Files.createDirectories(tmp.resolve("classes").resolve(PKG));
        try (Stream<Path> files = Files.list(compiled)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith(sample.getSimpleName())).toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        return tmp.resolve("classes");
    }

    /** Keeps what the mojo logs at info and warn, one line per call. */
    private static final class RecordingLog extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence content) {
            lines.add("info " + content);
        }

        @Override
        public void warn(CharSequence content) {
            lines.add("warn " + content);
        }
    }
}
