package dev.weft.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java block of the project's README compiles against the code as it is, so no snippet uses
 * a name that is gone. A block is a fragment: the names its prose assumes (a connection
 * {@code conn}, the list {@code urls}) are declared in a frame per block, found by the block's
 * first line; the block itself is compiled as written, as statements of a method or, for a block
 * that declares a method, as a member of a class (its own import lines are among the imports every
 * block gets). Blocks marked {@code java weft-recipes} (the database section) need that module's
 * drivers: its {@code ReadmeDatabaseSnippetsTest} compiles them, and this test's pattern leaves
 * them out.
 */
class ReadmeSnippetsTest {
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```");

    /** Imports every block gets: the exported packages and the JDK types the prose uses. */
    private static final String IMPORTS = """
            import static dev.weft.Weft.await;
            import dev.weft.Weft;
            import dev.weft.exec.*;
            import dev.weft.future.Future;
            import dev.weft.future.*;
            import dev.weft.net.*;
            import dev.weft.scope.*;
            import dev.weft.sim.*;
            import dev.weft.sync.*;
            import dev.weft.task.*;
            import dev.weft.test.WeftSim;
            import dev.weft.time.*;
            import dev.weft.examples.Accepting;
            import dev.weft.examples.Shutdown;
            import dev.weft.examples.echo.WovenEchoServer;
            import java.io.IOException;
            import java.net.ConnectException;
            import java.nio.channels.ClosedChannelException;
            import java.time.Duration;
            import java.util.List;
            import java.util.concurrent.CancellationException;
            import java.util.concurrent.TimeoutException;
            import java.util.function.Function;
            """;

    /** The declarations each block's prose assumes, by the start of the block's first line. */
    private static final Map<String, String> FRAMES = Map.of(
            "public static void main", "static Future<String> fetch() { return Future.ready(\"\"); }",
            "// 200 URLs", "List<String> urls = List.of(); Future<String> get(String url) { return Future.ready(url); }",
            "try {", "TcpStream conn; byte[] buf = new byte[8]; static final byte[] BYE = {};",
            "// Accepting.serve", "final TcpListener listener = null; final Shutdown shutdown = null; final Function<TcpStream, Future<?>> serve = null;",
            "rt.spawn(TaskLocal", "WeftRuntime rt; static final TaskLocal<String> REQUEST_ID = TaskLocal.named(\"request-id\");"
                    + " Channel<String> replies = Channel.unbounded();",
            "for (long seed", "Future<Void> myScenario() { return Future.ready(null); }");

    @Test
    void everyJavaBlockOfTheReadmeCompiles(@TempDir Path out) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<JavaFileObject> units = new ArrayList<>();
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) units.add(unit("Block" + units.size(), m.group(1)));
        assertThat(units).as("Java blocks in README.md").hasSizeGreaterThanOrEqualTo(8);

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = javac.getTask(null, files, diagnostics,
                    List.of("-proc:none", "-classpath", classpath, "-d", out.toString()), null, units).call();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null));
                }
            }
            assertThat(errors).as("README blocks that do not compile").isEmpty();
            assertThat(ok).isTrue();
        }
    }

    /** One block as a compilation unit: a class with its frame, the block as a member or a method body. */
    private static JavaFileObject unit(String name, String snippet) {
        // a block's own imports are among IMPORTS; the rest is the fragment
        String block = snippet.lines().filter(l -> !l.startsWith("import ")).reduce("", (a, l) -> a + l + "\n");
        String first = block.strip().lines().findFirst().orElse("");
        String frame = FRAMES.entrySet().stream().filter(e -> first.startsWith(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse("");
        boolean member = first.startsWith("public static void main") || first.startsWith("@");
        String body = member ? block
                : "Object run() throws Exception {\n" + block + (endsWithReturn(block) ? "" : "return null;\n") + "}\n";
        // the examples' package, as the code they were taken from (the simulation test: its echo package)
        String pkg = first.startsWith("@WeftSim") ? "dev.weft.examples.echo" : "dev.weft.examples";
        String source = "package " + pkg + ";\n" + IMPORTS + "\nclass " + name + " {\n" + frame + "\n" + body + "}\n";
        return new SimpleJavaFileObject(URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
    }

    private static boolean endsWithReturn(String block) {
        List<String> lines = block.strip().lines().toList();
        return lines.getLast().strip().startsWith("return ");
    }
}
