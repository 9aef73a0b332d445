package dev.weft.bench.jmh;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.coro.Mechanism;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
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
 * Cost of one {@code await} of a future that is pending, then woken and ready, measured three
 * ways. Each operation is: complete the future (wake its waker), then poll once so the waiter
 * takes the value and waits again on the next round.
 * <ul>
 *   <li>{@link #coroutineAwait}: a Weft coroutine body looping on {@code await(flip)}; the
 *       benchmark thread is the worker (suspend + resume of the coroutine per op);</li>
 *   <li>{@link #stateMachineFuture}: the hand-written future a weaver would emit for that loop
 *       (no stack switch: the floor);</li>
 *   <li>{@link #rawContinuationAwait}: the same loop as the coroutine, but on a raw
 *       {@code jdk.internal.vm.Continuation} that yields while the future is pending: the mechanism
 *       Weft did not choose (unsafe with monitors held across a yield), for comparison;</li>
 *   <li>{@link #jdkVirtualThreadParkUnpark}: a JDK virtual thread (default scheduler) looping on
 *       {@code LockSupport.park()}; the benchmark thread unparks it and spins until it parked again
 *       (a cross-thread round trip, as any JDK virtual thread pays).</li>
 * </ul>
 * Run: {@code java -jar weft-bench/target/weft-bench.jar AwaitBench}.
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

    /** Starts the coroutine, the state machine and the virtual thread, each waiting. */
    @Setup(Level.Trial)
    public void setup() throws Throwable {
        if (Coroutine.mechanism() != Mechanism.SUSPENDING) {
            throw new IllegalStateException("run with --add-opens java.base/java.lang=ALL-UNNAMED");
        }
        coFlip = new Flip();
        coroutine = Weft.async(() -> {
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
