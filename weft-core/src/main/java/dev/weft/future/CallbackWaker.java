package dev.weft.future;

import java.util.Objects;

/** The waker of {@link Waker#of(Runnable)}: runs a callback on each wake. */
final class CallbackWaker implements Waker {
    private final Runnable onWake;

    CallbackWaker(Runnable onWake) {
        this.onWake = Objects.requireNonNull(onWake, "onWake");
    }

    @Override
    public void wake() {
        onWake.run();
    }

    @Override
    public boolean willWake(Waker other) {
        return other == this || (other instanceof CallbackWaker c && c.onWake == onWake);
    }

    @Override
    public String toString() {
        return "Waker.of(" + onWake + ")";
    }
}
