package dev.weft.weaver.testkit;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles Java source strings into class files in memory with the JDK's own compiler, for Java
 * 25 with full debug information ({@code -g}), against the test's class path
 * ({@code java.class.path}: Weft and this kit).
 * {@link MemoryClassLoader} loads the result unwoven, {@link WeavingClassLoader#ofClassFiles}
 * woven.
 *
 * {@snippet :
 * Map<String, byte[]> classes = MemoryCompiler.compile(Map.of("gen.A", "package gen; public class A {}"));
 * Class<?> a = new MemoryClassLoader(getClass().getClassLoader(), classes).loadClass("gen.A");
 * }
 *
 * <p>Thread-safe: calls are serialized (they share one file manager).
 */
public final class MemoryCompiler {
    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
    /** Shared so that javac indexes the class path once, not on every call; guarded by the class lock. */
    private static final StandardJavaFileManager FILES = JAVAC.getStandardFileManager(null, null, null);

    private MemoryCompiler() {}

    /**
     * @param sources Java source text by the binary name of its top-level class
     * @return every class file produced (nested classes included), by binary name
     * @throws AssertionError with javac's diagnostics and the numbered sources if it does not compile
     */
    public static synchronized Map<String, byte[]> compile(Map<String, String> sources) {
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((name, text) -> units.add(new Source(name, text)));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> out = new TreeMap<>();
        List<String> options = List.of("--release", "25", "-g", "-proc:none", "-nowarn", "-classpath",
                System.getProperty("java.class.path"));
        boolean ok = JAVAC.getTask(null, new Output(FILES, out), diagnostics, options, null, units).call();
        if (!ok) {
            throw new AssertionError("javac rejects the generated sources:\n" + diagnostics.getDiagnostics().stream()
                    .map(Object::toString).collect(Collectors.joining("\n")) + "\n\n" + numbered(sources));
        }
        Map<String, byte[]> classes = new TreeMap<>();
        out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
        return classes;
    }

    /**
     * @param sources source text by class name
     * @return every source with its name and numbered lines
     */
    public static String numbered(Map<String, String> sources) {
        StringBuilder sb = new StringBuilder();
        sources.forEach((name, text) -> {
            sb.append("// ").append(name).append('\n');
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        });
        return sb.toString();
    }

    /** A source held in a string. */
    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String binaryName, String text) {
            super(URI.create("string:///" + binaryName.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Sends every class file javac writes into {@code out}, by binary name. */
    private static final class Output extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, ByteArrayOutputStream> out;

        Output(StandardJavaFileManager standard, Map<String, ByteArrayOutputStream> out) {
            super(standard);
            this.out = out;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            URI uri = URI.create("mem:///" + className.replace('.', '/') + kind.extension);
            return new SimpleJavaFileObject(uri, kind) {
                @Override
                public OutputStream openOutputStream() {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    out.put(className, bytes);
                    return bytes;
                }
            };
        }
    }
}
