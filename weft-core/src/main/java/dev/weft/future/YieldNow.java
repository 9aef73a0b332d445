package dev.weft.future;

/**
 * The future of {@link Future#yieldNow()}: pending once (after waking its task), then ready.
 * Polling task only.
 */
final class YieldNow implements Future<Void> {
    private boolean yielded;

    @Override
    public Poll<Void> poll(Context cx) {
        if (yielded) return Poll.ready(null);
        yielded = true;
        cx.waker().wake();
        return Poll.pending();
    }

    @Override
    public String toString() {
        return "Future.yieldNow()";
    }
}
