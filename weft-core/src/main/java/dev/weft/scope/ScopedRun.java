package dev.weft.scope;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Outcomes;
import java.util.function.Function;

/**
 * The future of {@link TaskScope#run}: a fail-fast scope around a body. Owner-polled.
 *
 * <pre>
 * phase        what the polls do                                       next
 * START        open the scope, make the body                           BODY
 * BODY         poll the body; poll whether the scope stopped           JOIN (body done), CLOSE (body
 *                                                                       threw: scope cancelled),
 *                                                                       BODY_STOPPING (scope stopped)
 * BODY_STOPPING the body was cancelled (a child failed, the deadline): JOIN
 *              wait until it is done cancelling
 * JOIN         await the scope's join (its failure becomes the outcome) CLOSE
 * CLOSE        await the scope's close                                 DONE: the outcome
 * cancel       BODY: cancel the body, then (pollCancel) wait for it, then close the scope;
 *              JOIN, CLOSE: close the scope (its children are cancelled) and wait for it
 * </pre>
 *
 * @param <V> the body's output type
 */
final class ScopedRun<V> implements Future<V> {
    private static final int START = 0;
    private static final int BODY = 1;
    private static final int BODY_STOPPING = 2;
    private static final int JOIN = 3;
    private static final int CLOSE = 4;
    private static final int DONE = 5;
    private static final int CANCEL_BODY = 6;
    private static final int CANCEL_CLOSE = 7;

    private final Function<? super TaskScope<Object, Void>, ? extends Future<V>> make;
    private TaskScope<Object, Void> scope;
    private Future<V> body;
    private Fallible<Void, Exception> join;
    private V value;
    private Throwable failure;
    private int phase = START;

    ScopedRun(Function<? super TaskScope<Object, Void>, ? extends Future<V>> make) {
        this.make = make;
    }

    @Override
    public Poll<V> poll(Context cx) throws Exception {
        if (phase == START) {
            scope = TaskScope.open();
            phase = BODY;
            try {
                body = make.apply(scope);
            } catch (Throwable t) {
                failure = t;
                scope.cancel();
                phase = CLOSE;
            }
        }
        if (phase == BODY) {
            Poll<V> p;
            try {
                p = body.poll(cx);
            } catch (Throwable t) {
                failure = t;
                scope.cancel();
                p = null;
                phase = CLOSE;
            }
            if (p instanceof Poll.Ready<V>(V v)) {
                value = v;
                phase = JOIN;
            } else if (p != null) {
                if (scope.pollStopped(cx).isPending()) return Poll.pending();
                body.cancel(); // a child failed, or the deadline passed: the body stops too
                phase = BODY_STOPPING;
            }
        }
        if (phase == BODY_STOPPING) {
            if (body.pollCancel(cx).isPending()) return Poll.pending();
            phase = JOIN;
        }
        if (phase == JOIN) {
            if (join == null) join = scope.join();
            try {
                if (join.poll(cx).isPending()) return Poll.pending();
            } catch (Throwable t) {
                failure = t;
                value = null;
            }
            phase = CLOSE;
        }
        if (phase == CLOSE) {
            if (scope.pollClose(cx).isPending()) return Poll.pending();
            phase = DONE;
            if (failure != null) throw Outcomes.rethrow(failure);
            return Poll.ready(value);
        }
        throw new IllegalStateException("TaskScope.run future polled after its end or its cancel");
    }

    @Override
    public void cancel() {
        if (phase == BODY || phase == BODY_STOPPING) {
            if (phase == BODY) body.cancel();
            phase = CANCEL_BODY;
        } else if (phase == JOIN || phase == CLOSE) {
            phase = CANCEL_CLOSE;
        } else {
            phase = DONE;
        }
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (phase == CANCEL_BODY) {
            if (body.pollCancel(cx).isPending()) return Poll.pending();
            phase = CANCEL_CLOSE;
        }
        if (phase == CANCEL_CLOSE) {
            if (scope.pollClose(cx).isPending()) return Poll.pending();
            phase = DONE;
        }
        return Poll.ready(null);
    }

    @Override
    public String toString() {
        return "TaskScope.run[" + (scope == null ? "not started" : scope) + "]";
    }
}
