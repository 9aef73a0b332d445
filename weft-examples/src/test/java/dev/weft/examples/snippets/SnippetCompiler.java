package dev.weft.examples.snippets;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles documentation snippets, each wrapped in a compilation unit of its own, against the test
 * class path in one javac run, and answers the errors as {@code unit:line: message} lines.
 */
public final class SnippetCompiler {
    private SnippetCompiler() {}

    /** A compilation unit named {@code pkg.name} whose text is {@code source}. */
    public static JavaFileObject unit(String pkg, String name, String source) {
        URI uri = URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java");
        return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
    }

    /** Compiles the units into {@code out}; answers every error, with the line of the unit it is on. */
    public static List<String> errors(List<JavaFileObject> units, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> errors = new ArrayList<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = javac.getTask(null, files, diagnostics,
                    List.of("-proc:none", "-Xmaxerrs", "100000", "-classpath", classpath, "-d", out.toString()), null, units).call();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null));
                }
            }
            if (!ok && errors.isEmpty()) errors.add("javac failed without an error diagnostic");
        }
        return errors;
    }
}
