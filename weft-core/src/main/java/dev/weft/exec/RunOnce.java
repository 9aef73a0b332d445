package dev.weft.exec;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/** The future of {@link WorkStealingExecutor#execute(Runnable)}: runs the runnable on its first poll. */
final class RunOnce implements Future<Void> {
    private final Runnable body;

    RunOnce(Runnable body) {
        this.body = body;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        body.run();
        return Poll.ready(null);
    }

    @Override
    public String toString() {
        return "RunOnce[" + body + "]";
    }
}
