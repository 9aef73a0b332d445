package dev.weft.weaver.model;

/**
 * The type of a local or an operand stack value at a suspension point, as the JVM's verifier sees
 * it (subword integers are {@link Sort#INT}), independent of any class-file library.
 *
 * @param sort the verification sort
 * @param descriptor the field descriptor to spill it into ({@code I}, {@code J}, {@code Ljava/lang/String;},
 *     {@code [I}); {@code null} for {@link Sort#NULL}
 */
public record ValueType(Sort sort, String descriptor) {
    /** Verification sorts. */
    public enum Sort {
        /** int, and boolean/byte/char/short. */
        INT,
        /** float. */
        FLOAT,
        /** long (two slots). */
        LONG,
        /** double (two slots). */
        DOUBLE,
        /** an object or array reference. */
        REFERENCE,
        /** the null constant and nothing else: restored as {@code null}, never spilled. */
        NULL
    }

    /** @return whether it takes two slots */
    public boolean isWide() {
        return sort == Sort.LONG || sort == Sort.DOUBLE;
    }

    /** @return bytes it takes in an object on 64-bit HotSpot with compressed references */
    public int bytesInObject() {
        if (sort == Sort.NULL) return 0;
        return switch (descriptor.charAt(0)) {
            case 'Z', 'B' -> 1;
            case 'S', 'C' -> 2;
            case 'J', 'D' -> 8;
            default -> 4;
        };
    }

    /** @return the type as Java source would spell it */
    public String javaName() {
        if (sort == Sort.NULL) return "null";
        return javaName(descriptor);
    }

    private static String javaName(String d) {
        return switch (d.charAt(0)) {
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case '[' -> javaName(d.substring(1)) + "[]";
            default -> {
                String n = d.substring(1, d.length() - 1).replace('/', '.');
                yield n.startsWith("java.lang.") && n.indexOf('.', 10) < 0 ? n.substring(10) : n;
            }
        };
    }
}
