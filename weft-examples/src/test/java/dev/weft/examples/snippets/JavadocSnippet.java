package dev.weft.examples.snippets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One inline {@code {@snippet : ...}} of a Javadoc comment: where it is and its text, without the
 * comment's leading asterisks. The snippet ends at the brace that closes the tag (braces inside it
 * balance, as the javadoc tool requires).
 *
 * @param source the file it is in
 * @param line the line of its {@code {@snippet :}}
 * @param text its lines
 */
public record JavadocSnippet(Path source, int line, String text) {

    /** The snippets of every source file under {@code root}, outside packages named {@code internal}. */
    public static List<JavadocSnippet> under(Path root) {
        List<JavadocSnippet> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(JavadocSnippet::isPublicSource).sorted().toList()) {
                if (declaresPublicType(f)) all.addAll(in(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all;
    }

    private static boolean isPublicSource(Path f) {
        return f.toString().endsWith(".java") && !f.toString().contains("/internal/");
    }

    /** A package overview, or a file whose top-level type is public (a user reads its Javadoc). */
    private static boolean declaresPublicType(Path f) throws IOException {
        String name = f.getFileName().toString().replace(".java", "");
        return name.equals("package-info") || Pattern.compile("(?m)^public (\\w+ )*(class|interface|record|enum|@interface) "
                + Pattern.quote(name) + "\\b").matcher(Files.readString(f)).find();
    }

    static List<JavadocSnippet> in(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<JavadocSnippet> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).contains("{@snippet :")) continue;
            StringBuilder text = new StringBuilder();
            int depth = 1;
            for (int j = i + 1; j < lines.size() && depth > 0; j++) {
                String l = lines.get(j).replaceFirst("^\\s*\\* ?", "");
                int end = closing(l, depth);
                if (end >= 0) {
                    text.append(l, 0, end);
                    depth = 0;
                } else {
                    depth += balance(l);
                    text.append(l).append('\n');
                }
            }
            if (depth > 0) throw new IllegalStateException(file + ":" + (i + 1) + ": a snippet that never closes");
            found.add(new JavadocSnippet(file, i + 1, text.toString()));
        }
        return found;
    }

    /** Where the brace that brings {@code depth} to zero is on the line, or -1. */
    private static int closing(String line, int depth) {
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '{') depth++;
            else if (c == '}' && --depth == 0) return k;
        }
        return -1;
    }

    private static int balance(String line) {
        return (int) (line.chars().filter(c -> c == '{').count() - line.chars().filter(c -> c == '}').count());
    }

    @Override
    public String toString() {
        return source + ":" + line;
    }
}
