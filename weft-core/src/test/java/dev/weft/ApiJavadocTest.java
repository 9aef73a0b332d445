package dev.weft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Javadoc of the exported packages builds with every doclint check on and no error: every
 * reference resolves, every {@code @throws} names what the method throws, every snippet's HTML is
 * well formed. The module's own sources are documented, as {@code javadoc --module dev.weft} sees
 * them (internal packages are not documented, so only what users read is checked).
 */
class ApiJavadocTest {

    @Test
    void theExportedPackagesJavadocHasNoDoclintError(@TempDir Path out) throws Exception {
        Path sources = Path.of("src", "main", "java");
        assertThat(Files.isRegularFile(sources.resolve("module-info.java"))).as("run from weft-core").isTrue();
        ToolProvider javadoc = ToolProvider.findFirst("javadoc").orElseThrow(() -> new AssertionError("no javadoc in this JDK"));
        StringWriter log = new StringWriter();
        int rc = javadoc.run(new PrintWriter(log), new PrintWriter(log), "-quiet", "-Xdoclint:all,-missing",
                "-d", out.toString(), "--module-source-path", "dev.weft=" + sources, "--module", "dev.weft");
        String errors = log.toString().lines().filter(l -> l.contains(": error:")).reduce("", (a, b) -> a + b + "\n");
        assertThat(errors).as("doclint errors").isEmpty();
        assertThat(rc).as("javadoc's exit code; its log:%n%s", log).isZero();
        assertThat(out.resolve("dev.weft").resolve("dev").resolve("weft").resolve("exec").resolve("WeftRuntime.html")).exists();
    }
}
