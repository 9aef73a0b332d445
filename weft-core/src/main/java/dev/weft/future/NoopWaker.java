package dev.weft.future;

/** The waker of {@link Waker#noop()}: does nothing. */
final class NoopWaker implements Waker {
    static final NoopWaker INSTANCE = new NoopWaker();

    private NoopWaker() {}

    @Override
    public void wake() {}

    @Override
    public String toString() {
        return "Waker.noop()";
    }
}
