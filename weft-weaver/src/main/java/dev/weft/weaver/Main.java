package dev.weft.weaver;

import dev.weft.weaver.tool.ClassPath;
import dev.weft.weaver.tool.ClassTree;
import dev.weft.weaver.tool.TreeExpander;
import dev.weft.weaver.tool.TreeWeaver;
import dev.weft.weaver.tool.WeaveSummary;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.ClassReader;

/**
 * The command line of {@code weft-weaver.jar}: weaves a classes directory or a jar, or prints the
 * woven bodies of one as readable code ({@link Expander}).
 *
 * {@snippet lang=sh :
 * java -jar weft-weaver.jar weave target/classes target/classes      # in place
 * java -jar weft-weaver.jar weave app.jar app-woven.jar --classpath lib/weft-core.jar
 * java -jar weft-weaver.jar expand app-woven.jar fetch --bytecode
 * }
 *
 * <p>{@code weave} copies every entry of the input (resources too), with the woven classes
 * replaced and their state classes added beside them, and prints one line: how many classes and
 * bodies it wove and how many warnings it gave. Written into the input itself, only the changed
 * files are written, so weaving woven classes again writes nothing. The weaver finds the classes
 * the input mentions in the input itself, then this JVM's class path and JDK, then the
 * {@code --classpath} entries.
 *
 * <p>Exit status: 0 when done, 1 when a body is refused or a file cannot be read or written (the
 * message says which and why), 2 for wrong arguments (with the usage).
 */
public final class Main {
    static final String USAGE = """
            usage: java -jar weft-weaver.jar weave <in> <out> [--keep-refused-stackful] [--classpath <path>]
                   java -jar weft-weaver.jar expand <classes dir | jar | .class file> [method] [--bytecode] [--classpath <path>]

              weave    weaves the classes directory or jar <in> into <out>: a jar if its name ends with .jar,
                       else a directory; <out> may be <in>
              expand   prints each woven body as Java-like code: its state class and its poll as a switch;
                       [method] keeps the bodies whose method name contains it
              --keep-refused-stackful  leave a refused body unwoven (a stackful coroutine) with a warning,
                                       instead of failing
              --bytecode               add each state's instructions
              --classpath <path>       more classes directories and jars, separated by '%s', where the
                                       weaver finds the classes the input mentions
            """.formatted(File.pathSeparator);

    private Main() {}

    /**
     * Runs the command line and exits with its status if that is not 0.
     *
     * @param args as {@link #run}
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) System.exit(status);
    }

    /**
     * Runs the command line.
     *
     * @param args {@code weave <in> <out> ...} or {@code expand <target> ...}, as in the usage
     * @param out where the summary, the expansions and the help go
     * @param err where the warnings, the errors and the usage after wrong arguments go
     * @return the exit status: 0 done, 1 refused or failed, 2 wrong arguments
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Arguments a;
        try {
            a = Arguments.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("weft-weaver: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (a.help()) {
            out.print(USAGE);
            return 0;
        }
        try {
            if (a.command().equals("weave")) weave(a, out, err);
            else expand(a, out, err);
            return 0;
        } catch (WeaveException e) {
            err.println("weft-weaver: " + e.getMessage());
        } catch (IOException e) {
            err.println("weft-weaver: " + describe(e));
        } catch (UncheckedIOException e) {
            err.println("weft-weaver: " + e.getMessage() + ": " + describe(e.getCause()));
        }
        return 1;
    }

    private static void weave(Arguments a, PrintStream out, PrintStream err) throws IOException {
        Path in = Path.of(a.operands().get(0));
        Path to = Path.of(a.operands().get(1));
        Weaver.Options d = Weaver.Options.defaults();
        Weaver.Options options = new Weaver.Options(a.keepRefusedStackful(), d.keepDeadLocals(), d.verify());
        try (ClassTree tree = ClassTree.open(in); ClassPath cp = ClassPath.open(a.classpath())) {
            Weaver weaver = new Weaver(resolver(tree.resolver(), cp), options);
            WeaveSummary s = new TreeWeaver(weaver).weave(tree);
            for (String w : s.warnings()) err.println("weft-weaver: warning: " + w);
            tree.writeTo(to);
            out.println("weft-weaver: " + s.line() + " (" + in + " -> " + to + ")");
        }
    }

    private static void expand(Arguments a, PrintStream out, PrintStream err) throws IOException {
        Path target = Path.of(a.operands().get(0));
        String method = a.operands().size() > 1 ? a.operands().get(1) : null;
        List<String> texts;
        try (ClassPath cp = ClassPath.open(a.classpath())) {
            if (Files.isRegularFile(target) && target.getFileName().toString().endsWith(".class")) {
                byte[] b = Files.readAllBytes(target);
                String text = Expander.expand(b, resolver(siblings(target, b), cp), method, a.bytecode());
                texts = text.isEmpty() ? List.of() : List.of(text);
            } else {
                try (ClassTree tree = ClassTree.open(target)) {
                    texts = TreeExpander.expand(tree, resolver(tree.resolver(), cp), method, a.bytecode());
                }
            }
        }
        if (texts.isEmpty()) {
            err.println("weft-weaver: no woven body in " + target + (method == null ? "" : " whose method contains " + method));
        }
        for (String t : texts) {
            out.print(t.endsWith("\n") ? t : t + "\n");
            out.println();
        }
    }

    /** The input's own classes, then this JVM's (its class path and the JDK), then {@code --classpath}. */
    private static ClassResolver resolver(ClassResolver input, ClassPath classpath) {
        return ClassResolver.chain(input, ClassResolver.chain(ClassResolver.of(null), classpath));
    }

    /** The classes of a lone class file's own package (its state classes among them), read from its directory. */
    private static ClassResolver siblings(Path classFile, byte[] bytes) throws IOException {
        String name;
        try {
            name = new ClassReader(bytes).getClassName();
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            throw new IOException(classFile + " is not a class file", e);
        }
        Path dir = classFile.toAbsolutePath().normalize().getParent();
        String pkg = name.substring(0, name.lastIndexOf('/') + 1);
        return n -> {
            if (!n.startsWith(pkg) || n.indexOf('/', pkg.length()) >= 0) return null;
            Path f = dir.resolve(n.substring(pkg.length()) + ".class");
            try {
                return Files.isRegularFile(f) ? Files.readAllBytes(f) : null;
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + f, e);
            }
        };
    }

    private static String describe(IOException e) {
        if (e instanceof NoSuchFileException n && n.getReason() == null) return "no such file: " + n.getFile();
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /**
     * The parsed command line.
     *
     * @param command {@code weave} or {@code expand}; {@code null} with {@code help}
     * @param operands the arguments after the command that are not options
     */
    private record Arguments(String command, List<String> operands, boolean keepRefusedStackful, boolean bytecode,
                             List<Path> classpath, boolean help) {
        static Arguments parse(String[] args) {
            List<String> words = new ArrayList<>();
            List<Path> classpath = new ArrayList<>();
            boolean keep = false;
            boolean bytecode = false;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "-h", "--help" -> {
                        return new Arguments(null, List.of(), false, false, List.of(), true);
                    }
                    case "--keep-refused-stackful" -> keep = true;
                    case "--bytecode" -> bytecode = true;
                    case "--classpath" -> {
                        if (++i == args.length) throw new IllegalArgumentException("--classpath needs a path after it");
                        classpath.addAll(split(args[i]));
                    }
                    default -> {
                        if (arg.startsWith("--classpath=")) classpath.addAll(split(arg.substring("--classpath=".length())));
                        else if (arg.startsWith("-")) throw new IllegalArgumentException("unknown option " + arg);
                        else words.add(arg);
                    }
                }
            }
            if (words.isEmpty()) throw new IllegalArgumentException("no command: weave or expand");
            String command = words.get(0);
            List<String> operands = List.copyOf(words.subList(1, words.size()));
            switch (command) {
                case "weave" -> {
                    if (operands.size() != 2) throw new IllegalArgumentException("weave needs <in> and <out>, got " + operands);
                    if (bytecode) throw new IllegalArgumentException("--bytecode is an option of expand, not weave");
                }
                case "expand" -> {
                    if (operands.isEmpty() || operands.size() > 2) {
                        throw new IllegalArgumentException("expand needs a classes directory, jar or .class file, then"
                                + " at most a method name, got " + operands);
                    }
                    if (keep) throw new IllegalArgumentException("--keep-refused-stackful is an option of weave, not expand");
                }
                default -> throw new IllegalArgumentException("unknown command " + command + ": weave or expand");
            }
            return new Arguments(command, operands, keep, bytecode, List.copyOf(classpath), false);
        }

        private static List<Path> split(String path) {
            return Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isEmpty()).map(Path::of).toList();
        }
    }
}
