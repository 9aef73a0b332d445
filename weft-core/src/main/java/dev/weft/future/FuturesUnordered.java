package dev.weft.future;

import dev.weft.future.internal.Wakes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A set of futures run together that yields their outputs in the order they complete: futures-rs's
 * {@code FuturesUnordered}.
 *
 * <p>Each child is polled with a waker of its own. Waking it puts the child on a thread-safe ready
 * queue and wakes the task that polls the set; {@link #pollNext(Context)} then polls only the
 * children on that queue, so a wake costs O(1) and a poll of the set costs O(children woken),
 * whatever the size of the set. New children start on the queue. Children may be
 * {@link #push(Future) pushed} at any time by the owning task, also from inside the poll of a child.
 *
 * <p>The stream ends (answers {@link AsyncStream#end()}) whenever the set is empty; pushing a new
 * future starts it again (unlike other streams). If a child throws, every other child is cancelled
 * and, once they have finished cancelling, {@code pollNext} throws that exception unchanged; the
 * set is then empty. {@link #cancel()}
 * cancels every child that has not completed, exactly once. Outputs must not be {@code null} (a
 * {@code null} output makes {@code pollNext} throw {@link NullPointerException}); use
 * {@link Future#joinAll(java.util.List)} or {@link Future#select(java.util.List)} for futures with
 * {@code null} outputs.
 *
 * <p>Awaiting {@link #next()}: woken when any child is woken; throws what a child threw;
 * cancel-safe (an output is only taken out of the set when {@code next()} completes with it, and
 * cancelling {@code next()} leaves the children running in the set).
 *
 * {@snippet :
 * FuturesUnordered<String> set = new FuturesUnordered<>();
 * set.push(Future.pending());
 * set.push(Future.ready("fast"));
 * Poll<String> p = set.pollNext(Context.noop()); // ready with "fast"
 * set.cancel();                                  // cancels the pending one
 * }
 *
 * <h2>State (for maintainers)</h2>
 * Each child lives in a {@link Node}, which is also the child's waker. A node's {@code queued} word:
 * <pre>
 * queued  meaning
 * 0       idle: not on the ready queue (waiting for a wake, or being polled right now)
 * 1       on the ready queue, or released (completed/cancelled: then it stays 1 for ever, so
 *         late wakes of a finished child do nothing)
 * </pre>
 * <pre>
 * transition        queued    by           and then
 * push              - -> 1    owner        enqueue
 * wake()            0 -> 1    any thread   enqueue, then wake the parent waker (CAS fails: nothing)
 * dequeue for poll  1 -> 0    owner        then poll the child (a wake during that poll re-queues it)
 * release           * -> 1    owner        future = null; a node still on the queue is skipped
 * </pre>
 * The ready queue is Vyukov's intrusive multi-producer single-consumer queue (as in futures-rs):
 * producers swap {@code back} and then link the previous node; only the owner pops at
 * {@code front}. A producer caught between its swap and its link makes the queue briefly
 * "inconsistent"; the owner then wakes its own task and answers pending.
 *
 * <p>No lost wake: the owner writes {@code parent} (volatile) before it reads the queue; a waker
 * enqueues (volatile swap) before it reads {@code parent}. Of two such volatile pairs at least one
 * side sees the other's write: either the owner finds the node, or the waker wakes the new parent.
 *
 * <p>Who touches what: {@code back}, {@code Node.queued}, {@code Node.nextReady}: any thread, via
 * VarHandles with volatile semantics. {@code parent}: written by the owner, read by any waker.
 * {@code front}, {@code all}, {@code len}, {@code nextIndex}, {@code unwinding}, {@code failed}
 * (a child's failure held while the cancelled others finish cancelling), {@code Node.future}, the
 * {@code Node.prevAll/nextAll} links and {@code Node.output}: the owning task only (one poll at a
 * time, so each poll happens-after the previous one). Memory consistency effects: actions of a
 * thread before it wakes a child happen-before that child's next poll.
 *
 * @param <T> the output type of the futures
 */
public final class FuturesUnordered<T> implements AsyncStream<T> {
    private static final VarHandle BACK;
    private static final VarHandle QUEUED;
    private static final VarHandle NEXT_READY;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            BACK = l.findVarHandle(FuturesUnordered.class, "back", Node.class);
            QUEUED = l.findVarHandle(Node.class, "queued", int.class);
            NEXT_READY = l.findVarHandle(Node.class, "nextReady", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What {@link #pollNode(Context)} answers when the set is empty. */
    static final Node<?> END = new Node<>(null, null, -1);
    /** What {@link #dequeue()} answers when a producer is between its swap and its link. */
    private static final Node<?> INCONSISTENT = new Node<>(null, null, -1);

    private final Node<T> stub = new Node<>(this, null, -1);
    @SuppressWarnings("unused") // accessed through BACK
    private volatile Node<T> back = stub;
    private Node<T> front = stub;
    private volatile Waker parent;
    private Node<T> all;
    private int len;
    private int nextIndex;
    private final Unwinding unwinding = new Unwinding();
    private Throwable failed;

    /** An empty set. */
    public FuturesUnordered() {}

    /**
     * Adds a future to the set. It is polled by the next {@link #pollNext(Context)}; this method
     * does not wake the task polling the set. Owner task only (never concurrently with a poll of the
     * set, but allowed from inside the poll of one of its children).
     *
     * @param future the future to run; owned by the set from now on
     */
    public void push(Future<? extends T> future) {
        Node<T> n = new Node<>(this, Objects.requireNonNull(future, "future"), nextIndex++);
        n.nextAll = all;
        if (all != null) all.prevAll = n;
        all = n;
        len++;
        enqueue(n);
    }

    /**
     * How many futures are in the set.
     *
     * @return the count of futures not yet completed nor cancelled
     */
    public int size() {
        return len;
    }

    /**
     * Whether the set is empty.
     *
     * @return {@code true} if the set holds no future
     */
    public boolean isEmpty() {
        return len == 0;
    }

    /**
     * Polls the children that were woken since the last poll and answers the first output found.
     *
     * @param cx the context of the owning task; woken whenever a child is woken
     * @return ready with an output, ready with empty if the set is empty, or pending
     * @throws Exception what a child threw (all other children have then been cancelled)
     */
    @Override
    public Poll<T> pollNext(Context cx) throws Exception {
        Node<T> n = pollNode(cx);
        if (n == null) return Poll.pending();
        if (n == END) return AsyncStream.end();
        T output = n.takeOutput();
        if (output == null) throw new NullPointerException("a future of " + this + " completed with null: outputs must not be null");
        return Poll.ready(output);
    }

    /**
     * Cancels every child that has not completed, each exactly once; the set is then empty, and
     * {@link #pollCancel(Context)} tells when every child has finished cancelling.
     */
    @Override
    public void cancel() {
        Throwable failure = cancelAll(null);
        if (failure != null) throw Cancels.unchecked(failure);
    }

    /**
     * After {@link #cancel()} (or a child's failure, which cancels the others): whether every
     * cancelled child has finished cancelling ({@link Future#pollCancel(Context)}). Owner only.
     *
     * @param cx the owner's context, woken when a cancelled child makes progress
     * @return ready once none is still cancelling
     */
    public Poll<Void> pollCancel(Context cx) {
        return unwinding.poll(cx);
    }

    /**
     * The engine of {@link #pollNext(Context)}, also used by {@code joinAll}, {@code select} and
     * {@code race}: the released node of a child that completed (its {@code index} and output
     * set), {@link #END} if the set is empty, or {@code null} if pending.
     */
    @SuppressWarnings("unchecked")
    Node<T> pollNode(Context cx) throws Exception {
        if (failed != null) return failedOnceCancelled(cx);
        Waker w = cx.waker();
        if (!w.willWake(parent)) parent = w;
        int polled = 0;
        int yielded = 0;
        while (true) {
            Node<T> n = dequeue();
            if (n == null) return len == 0 ? (Node<T>) END : null;
            if (n == INCONSISTENT) {
                w.wake();
                return null;
            }
            Future<? extends T> f = n.future;
            if (f == null) continue; // released while on the queue; stays queued = 1
            QUEUED.setVolatile(n, 0);
            Poll<? extends T> p;
            try {
                p = f.poll(n.context);
            } catch (Throwable t) {
                release(n);
                failed = cancelAll(t);
                return failedOnceCancelled(cx);
            }
            if (p instanceof Poll.Ready<? extends T> r) {
                release(n);
                n.output = r.value();
                return n;
            }
            polled++;
            if ((int) QUEUED.getVolatile(n) == 1) yielded++;
            if (polled >= len || yielded >= 2) {
                // Give the task's thread back; come back soon if children are still queued.
                if (maybeQueued()) w.wake();
                return null;
            }
        }
    }

    /** A child threw: its failure is thrown once the others, cancelled, are done cancelling. */
    private Node<T> failedOnceCancelled(Context cx) throws Exception {
        if (unwinding.poll(cx).isPending()) return null;
        Throwable t = failed;
        failed = null;
        throw Cancels.asException(t);
    }

    private void enqueue(Node<T> n) {
        NEXT_READY.setVolatile(n, null);
        @SuppressWarnings("unchecked")
        Node<T> prev = (Node<T>) BACK.getAndSet(this, n);
        NEXT_READY.setVolatile(prev, n);
    }

    /** Pops the node at the front: a node, {@code null} if empty, or {@link #INCONSISTENT}. Owner only. */
    @SuppressWarnings("unchecked")
    private Node<T> dequeue() {
        Node<T> f = front;
        Node<T> next = (Node<T>) NEXT_READY.getVolatile(f);
        if (f == stub) {
            if (next == null) return null;
            front = next;
            f = next;
            next = (Node<T>) NEXT_READY.getVolatile(next);
        }
        if (next != null) {
            front = next;
            return f;
        }
        if (BACK.getVolatile(this) != f) return (Node<T>) INCONSISTENT;
        enqueue(stub);
        next = (Node<T>) NEXT_READY.getVolatile(f);
        if (next != null) {
            front = next;
            return f;
        }
        return (Node<T>) INCONSISTENT;
    }

    /** Whether the ready queue may hold a node (exact when no producer is mid-push). Owner only. */
    private boolean maybeQueued() {
        return front != stub || BACK.getVolatile(this) != stub;
    }

    /** Takes a completed or cancelled child out of the set. Owner only. */
    private void release(Node<T> n) {
        n.future = null;
        QUEUED.setVolatile(n, 1);
        Node<T> p = n.prevAll;
        Node<T> q = n.nextAll;
        if (p != null) p.nextAll = q;
        else all = q;
        if (q != null) q.prevAll = p;
        n.prevAll = null;
        n.nextAll = null;
        len--;
    }

    /**
     * Cancels every child; throwables of their cancels are added to {@code acc}.
     *
     * @return {@code acc}, or the first cancel throwable if {@code acc} was {@code null}
     */
    private Throwable cancelAll(Throwable acc) {
        Node<T> n;
        while ((n = all) != null) {
            Future<? extends T> f = n.future;
            release(n);
            unwinding.add(f);
            try {
                f.cancel();
            } catch (Throwable t) {
                acc = Cancels.collect(acc, t);
            }
        }
        return acc;
    }

    @Override
    public String toString() {
        return "FuturesUnordered[size=" + len + "]";
    }

    /**
     * One child: its future, its place in the set, and its waker. Fields as described in the class
     * comment of {@link FuturesUnordered}.
     */
    static final class Node<T> implements Waker {
        final FuturesUnordered<T> set;
        final int index;
        final Context context;
        Future<? extends T> future;
        Node<T> prevAll;
        Node<T> nextAll;
        T output;
        @SuppressWarnings("unused") // accessed through QUEUED
        private volatile int queued;
        @SuppressWarnings("unused") // accessed through NEXT_READY
        private volatile Node<T> nextReady;

        Node(FuturesUnordered<T> set, Future<? extends T> future, int index) {
            this.set = set;
            this.future = future;
            this.index = index;
            this.context = Context.of(this);
            this.queued = 1; // a new node starts on the ready queue; published by the enqueue swap
        }

        /** @return the output, forgetting it */
        T takeOutput() {
            T o = output;
            output = null;
            return o;
        }

        @Override
        public void wake() {
            if (QUEUED.compareAndSet(this, 0, 1)) {
                FuturesUnordered<T> s = set;
                s.enqueue(this);
                Waker p = s.parent;
                if (p != null) Wakes.wake(p);
            }
        }

        @Override
        public String toString() {
            return "FuturesUnordered.Node[" + index + "]";
        }
    }
}
