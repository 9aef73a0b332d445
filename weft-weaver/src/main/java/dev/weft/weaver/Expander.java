package dev.weft.weaver;

import dev.weft.weaver.asm.ExpandSource;
import dev.weft.weaver.model.ExpandPrinter;

/**
 * Seed 000's {@code cargo expand} for Weft: prints each woven body of a class as readable
 * Java-like code, from the weaver's own model (no decompiler): the state class with its fields
 * (name, type, the states each is live in, bytes per object) and {@code poll} as a {@code switch}
 * over the states, each with its source lines.
 *
 * {@snippet :
 * String text = Expander.expand(classFileBytes, ClassResolver.of(null), null, false);
 * System.out.println(text);
 * }
 */
public final class Expander {
    private Expander() {}

    /**
     * @param classFile a class file, woven or not
     * @param resolver finds the classes it mentions
     * @param method only bodies whose method name or lambda's enclosing method contains this
     *     ({@code null}: all)
     * @param bytecode add the raw instructions of each state
     * @return the expansion; empty if the class has no woven body
     */
    public static String expand(byte[] classFile, ClassResolver resolver, String method, boolean bytecode) {
        return new ExpandPrinter(bytecode).print(ExpandSource.models(classFile, resolver, method));
    }
}
