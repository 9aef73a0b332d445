package dev.weft.weaver.diff.gen;

/** The types of the values a generated body computes: every primitive type, and String. */
enum Kind {
    INT("int", "Integer"),
    LONG("long", "Long"),
    DOUBLE("double", "Double"),
    FLOAT("float", "Float"),
    BYTE("byte", "Byte"),
    CHAR("char", "Character"),
    SHORT("short", "Short"),
    BOOLEAN("boolean", "Boolean"),
    STRING("String", "String");

    private final String type;
    private final String boxed;

    Kind(String type, String boxed) {
        this.type = type;
        this.boxed = boxed;
    }

    /** @return the Java type */
    String type() {
        return type;
    }

    /** @return the Java type a generic future of this kind has */
    String boxed() {
        return boxed;
    }

    /** @return whether arithmetic on it is done in int and must be cast back */
    boolean narrow() {
        return this == BYTE || this == CHAR || this == SHORT;
    }

    /**
     * @param n a small number
     * @return a literal of this kind made from {@code n}
     */
    String literal(int n) {
        return switch (this) {
            case INT -> n < 0 ? "(" + n + ")" : Integer.toString(n);
            case LONG -> n < 0 ? "(" + n + "L)" : n + "L";
            case DOUBLE -> n < 0 ? "(" + n / 2.0 + ")" : Double.toString(n / 2.0);
            case FLOAT -> n < 0 ? "(" + n / 2.0f + "f)" : n / 2.0f + "f";
            case BYTE -> "(byte) " + (n < 0 ? "(" + n + ")" : n);
            case SHORT -> "(short) " + (n < 0 ? "(" + n + ")" : n * 100);
            case CHAR -> "'" + (char) ('a' + Math.floorMod(n, 26)) + "'";
            case BOOLEAN -> n % 2 == 0 ? "true" : "false";
            case STRING -> "\"s" + n + "\"";
        };
    }

    /**
     * @param pick any number
     * @return the kind it picks
     */
    static Kind pick(int pick) {
        Kind[] all = values();
        return all[Math.floorMod(pick, all.length)];
    }
}
