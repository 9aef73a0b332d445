package dev.weft.weaver.tool;

import dev.weft.weaver.ClassBytes;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Expander;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the {@link Expander} over every woven class of a {@link ClassTree}
 * ({@link ClassBytes#isWoven}) and keeps the non-empty expansions: the command line's and the
 * Maven plugin's {@code expand}. Unwoven classes are left out, so a body refused and kept stackful
 * ({@link dev.weft.weaver.Weaver.Options#keepRefusedStackful}) is not modelled again.
 *
 * {@snippet :
 * try (ClassTree tree = ClassTree.open(Path.of("target/classes"))) {
 *     ClassResolver r = ClassResolver.chain(tree.resolver(), ClassResolver.of(null));
 *     TreeExpander.expand(tree, r, null, false).forEach(System.out::println);
 * }
 * }
 */
public final class TreeExpander {
    private TreeExpander() {}

    /**
     * @param tree the classes
     * @param resolver finds the classes they mention, the tree's own included
     * @param method as {@link Expander#expand}: only bodies of methods whose name contains this
     *     ({@code null}: all)
     * @param bytecode add each state's instructions
     * @return one expansion per class that has a woven body, in the tree's order
     * @throws IOException if an entry cannot be read
     */
    public static List<String> expand(ClassTree tree, ClassResolver resolver, String method, boolean bytecode)
            throws IOException {
        List<String> out = new ArrayList<>();
        for (String entry : tree.entries()) {
            if (!entry.endsWith(".class")) continue;
            byte[] b = tree.read(entry);
            if (!ClassBytes.isWoven(b)) continue;
            String text = Expander.expand(b, resolver, method, bytecode);
            if (!text.isEmpty()) out.add(text);
        }
        return out;
    }
}
