package dev.weft.sync;

/** Scales test loops: {@code -Dweft.stress=true} runs the soak sizes. */
final class Stress {
    static final boolean ON = Boolean.getBoolean("weft.stress");

    private Stress() {}

    static int scale(int n) {
        return ON ? n * 20 : n;
    }
}
