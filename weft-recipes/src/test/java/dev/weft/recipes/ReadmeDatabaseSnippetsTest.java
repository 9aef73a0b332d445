package dev.weft.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * The README's Java blocks marked {@code java weft-recipes} (its database section: they need this
 * module's classes and drivers, which weft-examples' README test does not have) compile against
 * the code as it is, each as the statements of a method with the names its prose assumes
 * ({@code config}, {@code factory}) declared around it.
 */
class ReadmeDatabaseSnippetsTest {
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```java weft-recipes\\n(.*?)^```");

    private static final String IMPORTS = """
            import static dev.weft.Weft.await;
            import com.zaxxer.hikari.HikariConfig;
            import com.zaxxer.hikari.HikariDataSource;
            import dev.weft.Weft;
            import dev.weft.future.Future;
            import dev.weft.recipes.jdbc.JdbcRecipe;
            import dev.weft.recipes.r2dbc.R2dbcRecipe;
            import dev.weft.time.Time;
            import io.r2dbc.postgresql.PostgresqlConnectionFactory;
            import java.sql.SQLException;
            import java.time.Duration;
            import java.util.List;
            import java.util.concurrent.TimeoutException;
            """;

    private static final String FRAME = "HikariConfig config; PostgresqlConnectionFactory factory;";

    @Test
    void everyDatabaseBlockOfTheReadmeCompiles(@TempDir Path out) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<JavaFileObject> units = new ArrayList<>();
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) units.add(unit("DbBlock" + units.size(), m.group(1)));
        assertThat(units).as("java weft-recipes blocks in README.md").hasSizeGreaterThanOrEqualTo(2);

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
            assertThat(errors).as("README database blocks that do not compile").isEmpty();
            assertThat(ok).isTrue();
        }
    }

    private static JavaFileObject unit(String name, String block) {
        String source = "package dev.weft.recipes;\n" + IMPORTS + "\nclass " + name + " {\n" + FRAME + "\n"
                + "Object run() throws Exception {\n" + block + "return null;\n}\n}\n";
        return new SimpleJavaFileObject(URI.create("string:///dev/weft/recipes/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
    }
}
