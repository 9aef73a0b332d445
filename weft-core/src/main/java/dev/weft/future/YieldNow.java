package dev.weft.future;

/**
 * The future of {@link Future#yieldNow()}: pending once (after waking its task), then ready.
 * Polling task only.
 */
final class YieldNow implements Future<Void> {
    /** The ready answer: immutable, so shared. */
    private static final Poll<Void> DONE = Poll.ready(null);

    private boolean yielded;

    @Override
    public Poll<Void> poll(Context cx) {
        if (yielded) return DONE;
        yielded = true;
        cx.waker().wake();
        return Poll.pending();
    }

    @Override
    public String toString() {
        return "Future.yieldNow()";
    }
}
