package dev.weft.examples.snippets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example in the Javadoc of the public API (the exported packages of weft-core, the
 * simulator and the test kit) compiles against the code as it is. A snippet is compiled as the
 * body of a method, or as members of a class when it declares them, in a class that extends
 * {@link SnippetNames}: the names the documentation assumes without declaring them (a runtime
 * {@code rt}, a stream {@code conn}) are that class's fields, with the types the prose gives them.
 * A snippet's own import lines join the imports every snippet gets.
 */
class JavadocSnippetsTest {
    private static final List<Path> SOURCES = List.of(
            Path.of("..", "weft-core", "src", "main", "java"),
            Path.of("..", "weft-sim", "src", "main", "java"),
            Path.of("..", "weft-test", "src", "main", "java"));

    /** Imports every snippet gets: the exported packages and the JDK packages the examples use. */
    private static final String IMPORTS = """
            import static dev.weft.Weft.await;
            import static org.junit.jupiter.api.Assertions.*;
            import dev.weft.*;
            import dev.weft.blocking.*;
            import dev.weft.coro.*;
            import dev.weft.exec.*;
            import dev.weft.flow.*;
            import dev.weft.fs.*;
            import dev.weft.future.*;
            import dev.weft.future.Future;
            import dev.weft.io.*;
            import dev.weft.io.codec.*;
            import dev.weft.net.*;
            import dev.weft.net.tls.*;
            import dev.weft.scope.*;
            import dev.weft.sim.*;
            import dev.weft.sync.*;
            import dev.weft.sync.Semaphore;
            import dev.weft.sync.Channel;
            import dev.weft.sync.EventListener;
            import dev.weft.task.*;
            import dev.weft.test.*;
            import dev.weft.time.*;
            import java.io.*;
            import java.lang.management.ManagementFactory;
            import java.net.*;
            import java.nio.*;
            import java.nio.channels.*;
            import java.nio.charset.StandardCharsets;
            import java.sql.ResultSet;
            import java.nio.file.*;
            import java.time.*;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.concurrent.atomic.*;
            import java.util.stream.Collectors;
            import java.util.function.*;
            import javax.management.*;
            import javax.management.openmbean.*;
            import javax.net.ssl.*;
            """;

    /** A first line that declares a member: a method, a type, a field with modifiers, an annotation. */
    private static final Pattern MEMBER = Pattern.compile(
            "^(@|public |protected |private |static |final |abstract |class |record |interface |enum |"
                    + "(?!(try|for|while|if|switch|return|synchronized|new|do|throw|else)\\b)[\\w.<>\\[\\], ?]+\\s+\\w+\\s*\\([^;=]*\\)\\s*(throws [\\w., ]+)?\\{)");

    @Test
    void everyJavadocExampleOfThePublicApiCompiles(@TempDir Path out) throws IOException {
        List<JavaFileObject> units = new ArrayList<>();
        List<JavadocSnippet> snippets = new ArrayList<>();
        for (Path root : SOURCES) snippets.addAll(JavadocSnippet.under(root));
        for (JavadocSnippet s : snippets) units.add(unit("Snippet" + units.size(), s));
        assertThat(snippets).as("snippets found").hasSizeGreaterThanOrEqualTo(100);

        List<String> errors = SnippetCompiler.errors(units, out).stream().map(e -> where(e, snippets)).toList();
        assertThat(errors).as("Javadoc examples that do not compile").isEmpty();
    }

    private static JavaFileObject unit(String name, JavadocSnippet snippet) {
        StringBuilder imports = new StringBuilder(IMPORTS);
        StringBuilder block = new StringBuilder();
        for (String l : snippet.text().lines().toList()) (l.startsWith("import ") ? imports : block).append(l).append('\n');
        String first = block.toString().strip().lines().findFirst().orElse("");
        boolean member = MEMBER.matcher(first).lookingAt();
        // "if (true)": the return after it is reachable even after an endless loop (JLS 14.22)
        String body = member ? block.toString() : "Object run() throws Throwable {\nif (true) {\n" + block + "\n}\nreturn null;\n}\n";
        String source = "package dev.weft.examples.snippets;\n" + imports
                + "class " + name + " extends SnippetNames {\n" + body + "}\n";
        return SnippetCompiler.unit("dev.weft.examples.snippets", name, source);
    }

    /** An error line with the Javadoc it comes from ("SnippetN" is the Nth snippet). */
    private static String where(String error, List<JavadocSnippet> snippets) {
        var m = Pattern.compile("Snippet(\\d+)\\.java").matcher(error);
        return m.find() ? snippets.get(Integer.parseInt(m.group(1))) + " -> " + error : error;
    }
}
