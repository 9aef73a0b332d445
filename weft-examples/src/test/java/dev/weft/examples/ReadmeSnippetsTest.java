package dev.weft.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.snippets.SnippetCompiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java block of the project's README and of the test kit's README compiles against the code
 * as it is, so no snippet uses a name that is gone. A block is a fragment: the names its prose assumes (a connection
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
            import static org.assertj.core.api.Assertions.assertThat;
            import static org.junit.jupiter.api.Assertions.*;
            import dev.weft.Weft;
            import dev.weft.exec.*;
            import dev.weft.future.Future;
            import dev.weft.future.*;
            import dev.weft.io.*;
            import dev.weft.io.codec.*;
            import dev.weft.net.*;
            import dev.weft.net.tls.*;
            import dev.weft.scope.*;
            import dev.weft.sim.*;
            import dev.weft.sync.*;
            import dev.weft.task.*;
            import dev.weft.test.*;
            import dev.weft.time.*;
            import dev.weft.examples.Accepting;
            import dev.weft.examples.Shutdown;
            import dev.weft.examples.echo.WovenEchoServer;
            import dev.weft.examples.fetch.HttpsFetch;
            import dev.weft.examples.http.HttpServer;
            import dev.weft.examples.http.Limits;
            import dev.weft.examples.http.Routes;
            import dev.weft.examples.redis.RedisConfig;
            import dev.weft.examples.redis.RedisServer;
            import dev.weft.examples.redis.command.Database;
            import java.util.random.RandomGenerator;
            import java.io.IOException;
            import java.net.InetSocketAddress;
            import java.net.URI;
            import java.net.http.HttpClient;
            import java.nio.file.Path;
            import javax.net.ssl.SSLContext;
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
            "// a service that answers each line", "TcpStream conn;",
            "// Accepting.serve", "final TcpListener listener = null; final Shutdown shutdown = null; final Function<TcpStream, Future<?>> serve = null;",
            "rt.spawn(TaskLocal", "WeftRuntime rt; static final TaskLocal<String> REQUEST_ID = TaskLocal.named(\"request-id\");"
                    + " Channel<String> replies = Channel.unbounded();",
            "for (long seed", "Future<Void> myScenario() { return Future.ready(null); }",
            "@WeftSim(seeds = 30)", "static final int ROUNDS = 12; Future<Integer> client(RandomGenerator r) { return Future.ready(ROUNDS); }");

    @Test
    void everyJavaBlockOfTheReadmeCompiles(@TempDir Path out) throws IOException {
        assertThat(errors(Path.of("..", "README.md"), 8, out)).as("README blocks that do not compile").isEmpty();
    }

    @Test
    void everyJavaBlockOfTheTestKitsReadmeCompiles(@TempDir Path out) throws IOException {
        assertThat(errors(Path.of("..", "weft-test", "README.md"), 3, out)).as("weft-test/README.md blocks that do not compile").isEmpty();
    }

    private static List<String> errors(Path readme, int atLeast, Path out) throws IOException {
        List<JavaFileObject> units = new ArrayList<>();
        Matcher m = BLOCK.matcher(Files.readString(readme));
        while (m.find()) units.add(unit("Block" + units.size(), m.group(1)));
        assertThat(units).as("Java blocks in " + readme).hasSizeGreaterThanOrEqualTo(atLeast);
        return SnippetCompiler.errors(units, out);
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
        return SnippetCompiler.unit(pkg, name, source);
    }

    private static boolean endsWithReturn(String block) {
        List<String> lines = block.strip().lines().toList();
        return lines.getLast().strip().startsWith("return ");
    }
}
