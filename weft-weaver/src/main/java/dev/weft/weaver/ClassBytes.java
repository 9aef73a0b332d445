package dev.weft.weaver;

import java.nio.charset.StandardCharsets;

/**
 * Cheap looks at a class file's bytes, without parsing it, so that the tools hand the weaver only
 * the few classes that can have a body to weave. A class that calls {@code Weft.async} names the
 * class {@code dev/weft/Weft} in its constant pool, so its bytes contain that UTF8 string; a woven
 * class carries the annotation {@code @dev.weft.coro.Woven} (retained in the class file, invisible
 * at run time).
 *
 * {@snippet :
 * if (ClassBytes.mentionsWeft(classFile) && !ClassBytes.isWoven(classFile)) {
 *     WeaveResult r = weaver.weave(classFile);
 * }
 * }
 *
 * <p>Both tests may say yes for a class that needs nothing (the string can be a constant or part
 * of a longer name); they never say no for one that does.
 */
public final class ClassBytes {
    private static final byte[] WEFT = "dev/weft/Weft".getBytes(StandardCharsets.US_ASCII);
    /** The descriptor of the marker annotation every woven class and state class carries. */
    public static final String MARKER = "Ldev/weft/coro/Woven;";

    private static final byte[] WOVEN = MARKER.getBytes(StandardCharsets.US_ASCII);

    private ClassBytes() {}

    /**
     * @param classFile a class file
     * @return whether it may call {@code Weft.async}: false means it surely does not
     */
    public static boolean mentionsWeft(byte[] classFile) {
        return contains(classFile, WEFT);
    }

    /**
     * @param classFile a class file
     * @return whether it may carry the woven marker: false means it surely does not
     */
    public static boolean isWoven(byte[] classFile) {
        return contains(classFile, WOVEN);
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        byte first = needle[0];
        for (int i = 0, last = hay.length - needle.length; i <= last; i++) {
            if (hay[i] != first) continue;
            int j = 1;
            while (j < needle.length && hay[i + j] == needle[j]) j++;
            if (j == needle.length) return true;
        }
        return false;
    }
}
