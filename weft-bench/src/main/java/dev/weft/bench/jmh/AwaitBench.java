package dev.weft.bench.jmh;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.coro.Mechanism;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one {@code await} of a future that is pending, then woken and ready, measured several
 * ways. Each operation is: complete the future (wake its waker), then poll once so the waiter
 * takes the value (an await that finds its future ready) and waits again on the next round (an
 * await that finds it pending).
 * <ul>
 *   <li>{@link #coroutineAwait}: a Weft coroutine body ({@link Coroutine#async}, stackful in every
 *       build) looping on {@code await(flip)}; the benchmark thread is the worker (suspend + resume
 *       of the coroutine per op);</li>
 *   <li>{@link #wovenAwait}: the same body through {@code Weft.async}, which the weaver turns into
 *       a {@link WovenFuture} (its state is {@link WovenFlip}; the woven benchmarks fail unless
 *       weft-bench was built with the weaver);</li>
 *   <li>{@link #stateMachineFuture}: the hand-written future a weaver would emit for that loop
 *       (no stack switch: the floor);</li>
 *   <li>{@link #wovenGateAwait} and {@link #stateMachineGateAwait}: the woven and hand-written
 *       loops again, awaiting a {@link Gate} instead of a {@link Flip}: its ready answer is one
 *       shared instance, so whatever they allocate per op is the awaits' own (a {@link Flip}'s
 *       answer, a new {@link Poll.Ready} holding a new {@link Integer}, is 32 B per op however it
 *       is awaited);</li>
 *   <li>{@link #rawContinuationAwait}: the same loop as the coroutine, but on a raw
 *       {@code jdk.internal.vm.Continuation} that yields while the future is pending: the mechanism
 *       Weft did not choose (unsafe with monitors held across a yield), for comparison;</li>
 *   <li>{@link #jdkVirtualThreadParkUnpark}: a JDK virtual thread (default scheduler) looping on
 *       {@code LockSupport.park()}; the benchmark thread unparks it and spins until it parked again
 *       (a cross-thread round trip, as any JDK virtual thread pays).</li>
 * </ul>
 * Run: {@code java -jar weft-bench/target/weft-bench.jar AwaitBench} (add {@code -prof gc} for the
 * bytes allocated per op).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class AwaitBench {

    /** Pending until {@link #complete()}, then ready once, then pending again. Single-threaded use. */
    static final class Flip implements Future<Integer> {
        private boolean ready;
        private Waker waker = Waker.noop();
        int taken;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (ready) {
                ready = false;
                return Poll.ready(++taken);
            }
            waker = cx.waker();
            return Poll.pending();
        }

        void complete() {
            ready = true;
            waker.wake();
        }
    }

    /** The state machine of {@code while (true) sum += await(flip);}. */
    static final class FlipLoop implements Future<Long> {
        private final Flip flip;
        long sum;

        FlipLoop(Flip flip) {
            this.flip = flip;
        }

        @Override
        public Poll<Long> poll(Context cx) {
            while (true) {
                if (!(flip.poll(cx) instanceof Poll.Ready<Integer>(Integer v))) return Poll.pending();
                sum += v;
            }
        }
    }

    /** Like {@link Flip}, but ready with one shared answer (the number 1): polling it allocates nothing. */
    static final class Gate implements Future<Integer> {
        private static final Poll<Integer> OPEN = Poll.ready(1);
        private boolean open;
        private Waker waker = Waker.noop();
        int taken;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (open) {
                open = false;
                taken++;
                return OPEN;
            }
            waker = cx.waker();
            return Poll.pending();
        }

        void open() {
            open = true;
            waker.wake();
        }
    }

    /** The state machine of {@code while (true) sum += await(gate);}. */
    static final class GateLoop implements Future<Long> {
        private final Gate gate;
        long sum;

        GateLoop(Gate gate) {
            this.gate = gate;
        }

        @Override
        public Poll<Long> poll(Context cx) {
            while (true) {
                if (!(gate.poll(cx) instanceof Poll.Ready<Integer>(Integer v))) return Poll.pending();
                sum += v;
            }
        }
    }

    /**
     * Checks that {@code body} is woven and polls it once, so that it waits.
     *
     * @param body a {@code Weft.async} body
     * @param cx the context to poll it with
     * @return {@code body}
     * @throws Exception never in practice (the first poll of the body)
     */
    static Future<Long> startWoven(Future<Long> body, Context cx) throws Exception {
        if (!(body instanceof WovenFuture<?>)) {
            body.cancel();
            throw new IllegalStateException("the woven benchmarks need the weaver: build weft-bench with the weft-weaver plugin");
        }
        if (!body.poll(cx).isPending()) throw new IllegalStateException("woven future should wait");
        return body;
    }

    /**
     * {@code while (!stop) sum += await(flip);} in a {@code Weft.async} body. Each of the newer
     * cases has a state of its own: set up beside the others, they change what C2 makes of
     * {@link #stateMachineFuture} (80 B/op instead of 32 when the {@link GateLoop} was polled in
     * the same setup), and the other benchmarks still run in a build without the weaver.
     */
    @State(Scope.Thread)
    public static class WovenFlip {
        final Context cx = Context.noop();
        final Flip flip = new Flip();
        Future<Long> body;
        boolean stop;

        /** JMH's constructor. */
        public WovenFlip() {}

        /**
         * Makes the woven future and polls it once.
         *
         * @throws Exception never in practice (the first poll of the body)
         */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            body = startWoven(Weft.async(() -> {
                long sum = 0;
                while (!stop) sum += Weft.await(flip);
                return sum;
            }), cx);
        }

        /**
         * Lets the body return.
         *
         * @throws Exception never in practice (the last poll of the body)
         */
        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            stop = true;
            flip.complete();
            if (!body.poll(cx).isReady()) throw new IllegalStateException("woven future did not end");
        }
    }

    /** {@code while (!stop) sum += await(gate);} in a {@code Weft.async} body. */
    @State(Scope.Thread)
    public static class WovenGate {
        final Context cx = Context.noop();
        final Gate gate = new Gate();
        Future<Long> body;
        boolean stop;

        /** JMH's constructor. */
        public WovenGate() {}

        /**
         * Makes the woven future and polls it once.
         *
         * @throws Exception never in practice (the first poll of the body)
         */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            body = startWoven(Weft.async(() -> {
                long sum = 0;
                while (!stop) sum += Weft.await(gate);
                return sum;
            }), cx);
        }

        /**
         * Lets the body return.
         *
         * @throws Exception never in practice (the last poll of the body)
         */
        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            stop = true;
            gate.open();
            if (!body.poll(cx).isReady()) throw new IllegalStateException("woven future did not end");
        }
    }

    /**
     * {@link WovenGate} after other woven bodies awaited four other future types 200,000 times
     * each, as a real application does: every await must keep the type profile of its own call
     * site, or the gate's {@code poll} stops being inlined (the weaver's first shape, with one
     * shared await helper, went from 6.1 to 13.7 ns per op here).
     */
    @State(Scope.Thread)
    public static class PollutedWovenGate {
        final WovenGate woven = new WovenGate();

        /** JMH's constructor. */
        public PollutedWovenGate() {}

        /**
         * Awaits other future types in other woven bodies first, then sets up the gate loop.
         *
         * @throws Exception never in practice
         */
        @Setup(Level.Trial)
        public void setup() throws Exception {
            List<Supplier<Future<Integer>>> others = List.of(() -> Future.ready(1), () -> new Flip(),
                    () -> Future.ready(2).map(v -> v + 1), () -> Future.pollFn(c -> Poll.ready(3)));
            long sum = 0;
            for (Supplier<Future<Integer>> other : others) {
                for (int i = 0; i < 200_000; i++) {
                    Future<Integer> child = other.get();
                    if (child instanceof Flip flip) flip.complete();
                    sum += Weft.blockOn(Weft.async(() -> Weft.await(child) + 1));
                }
            }
            if (sum == 0) throw new IllegalStateException("the other awaits ran");
            woven.setup();
        }

        /**
         * Lets the body return.
         *
         * @throws Exception never in practice (the last poll of the body)
         */
        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            woven.tearDown();
        }
    }

    /** The hand-written {@link GateLoop}, waiting on its gate. */
    @State(Scope.Thread)
    public static class HandGate {
        final Context cx = Context.noop();
        final Gate gate = new Gate();
        final GateLoop loop = new GateLoop(gate);

        /** JMH's constructor. */
        public HandGate() {}

        /** Polls the loop once, so that it waits. */
        @Setup(Level.Trial)
        public void setup() {
            if (!loop.poll(cx).isPending()) throw new IllegalStateException("state machine should wait");
        }
    }

    /** Raw continuations through method handles (needs the add-exports of the fork). */
    static final class Raw {
        static final MethodHandle RUN;
        static final MethodHandle YIELD;
        static final Object SCOPE;
        static final MethodHandle NEW_CONTINUATION;

        static {
            try {
                Class<?> scopeClass = Class.forName("jdk.internal.vm.ContinuationScope");
                Class<?> contClass = Class.forName("jdk.internal.vm.Continuation");
                MethodHandles.Lookup l = MethodHandles.lookup();
                SCOPE = l.findConstructor(scopeClass, MethodType.methodType(void.class, String.class)).invoke("bench");
                NEW_CONTINUATION = l.findConstructor(contClass, MethodType.methodType(void.class, scopeClass, Runnable.class))
                        .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
                RUN = l.findVirtual(contClass, "run", MethodType.methodType(void.class))
                        .asType(MethodType.methodType(void.class, Object.class));
                YIELD = l.findStatic(contClass, "yield", MethodType.methodType(boolean.class, scopeClass))
                        .asType(MethodType.methodType(boolean.class, Object.class));
            } catch (Throwable t) {
                throw new ExceptionInInitializerError(t);
            }
        }

        private Raw() {}

        static void yieldNow() {
            try {
                boolean yielded = (boolean) YIELD.invokeExact(SCOPE);
                if (!yielded) throw new IllegalStateException("pinned");
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }

    private final Context cx = Context.noop();
    private Flip rawFlip;
    private Object rawContinuation;
    private Flip coFlip;
    private Future<Long> coroutine;
    private Flip smFlip;
    private FlipLoop stateMachine;
    private Thread vthread;
    private volatile int parks;
    private volatile boolean stop;

    /** Starts the coroutine, the raw continuation, the state machine and the virtual thread, each waiting. */
    @Setup(Level.Trial)
    public void setup() throws Throwable {
        if (Coroutine.mechanism() != Mechanism.SUSPENDING) {
            throw new IllegalStateException("run with --add-opens java.base/java.lang=ALL-UNNAMED");
        }
        coFlip = new Flip();
        coroutine = Coroutine.async(() -> {
            long sum = 0;
            while (!stop) sum += Weft.await(coFlip);
            return sum;
        });
        if (!coroutine.poll(cx).isPending()) throw new IllegalStateException("coroutine should wait");
        rawFlip = new Flip();
        rawContinuation = (Object) Raw.NEW_CONTINUATION.invokeExact(Raw.SCOPE, (Runnable) () -> {
            while (!stop) {
                if (rawFlip.poll(cx).isPending()) Raw.yieldNow();
            }
        });
        Raw.RUN.invokeExact(rawContinuation);
        smFlip = new Flip();
        stateMachine = new FlipLoop(smFlip);
        stateMachine.poll(cx);
        vthread = Thread.ofVirtual().start(() -> {
            while (!stop) {
                parks++;
                LockSupport.park();
            }
        });
        while (parks == 0) Thread.onSpinWait();
    }

    /** Ends the coroutine and the virtual thread. */
    @TearDown(Level.Trial)
    public void tearDown() throws Throwable {
        stop = true;
        rawFlip.complete();
        Raw.RUN.invokeExact(rawContinuation);
        coFlip.complete();
        if (!coroutine.poll(cx).isReady()) throw new IllegalStateException("coroutine did not end");
        LockSupport.unpark(vthread);
        vthread.join();
    }

    /** @return the number of values the coroutine took */
    @Benchmark
    public int coroutineAwait() throws Exception {
        coFlip.complete();
        coroutine.poll(cx);
        return coFlip.taken;
    }

    /**
     * @return the number of values the raw continuation took
     * @throws Throwable never in practice (method-handle call)
     */
    @Benchmark
    public int rawContinuationAwait() throws Throwable {
        rawFlip.complete();
        Raw.RUN.invokeExact(rawContinuation);
        return rawFlip.taken;
    }

    /**
     * @param w the woven future and its flip
     * @return the number of values the woven future took
     * @throws Exception never in practice (a poll of the body)
     */
    @Benchmark
    public int wovenAwait(WovenFlip w) throws Exception {
        w.flip.complete();
        w.body.poll(w.cx);
        return w.flip.taken;
    }

    /**
     * @param w the woven future and its gate
     * @return the number of values the woven future took
     * @throws Exception never in practice (a poll of the body)
     */
    @Benchmark
    public int wovenGateAwait(WovenGate w) throws Exception {
        w.gate.open();
        w.body.poll(w.cx);
        return w.gate.taken;
    }

    /**
     * @param w the woven body, its gate, and other woven awaits run before
     * @return the number of values the woven future took
     * @throws Exception never in practice (a poll of the body)
     */
    @Benchmark
    public int wovenGateAwaitPolluted(PollutedWovenGate p) throws Exception {
        WovenGate w = p.woven;
        w.gate.open();
        w.body.poll(w.cx);
        return w.gate.taken;
    }

    /**
     * @param h the hand-written loop and its gate
     * @return the number of values the state machine took
     */
    @Benchmark
    public int stateMachineGateAwait(HandGate h) {
        h.gate.open();
        h.loop.poll(h.cx);
        return h.gate.taken;
    }

    /** @return the number of values the state machine took */
    @Benchmark
    public int stateMachineFuture() {
        smFlip.complete();
        stateMachine.poll(cx);
        return smFlip.taken;
    }

    /** @return the park count of the virtual thread */
    @Benchmark
    public int jdkVirtualThreadParkUnpark() {
        int before = parks;
        LockSupport.unpark(vthread);
        int now;
        while ((now = parks) == before) Thread.onSpinWait();
        return now;
    }
}
