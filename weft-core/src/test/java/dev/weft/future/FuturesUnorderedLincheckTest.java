package dev.weft.future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.testkit.Lincheck;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.ManagedStrategyGuaranteeKt;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wake path of {@link FuturesUnordered} under Lincheck's model checker and stress strategy:
 * children (gates) are opened, and so woken, from any thread while the owner polls the set. Which
 * output a poll returns depends on the interleaving, so the operations return nothing and the
 * checks are invariants: a gate is never polled by two threads at once nor after it completed
 * (checked in the gate), no output is delivered twice (checked by each poll), and once everything
 * has run, a drain of the set delivers every opened gate exactly once and nothing else (checked by
 * the {@code @Validate} function): no wake is lost, none is doubled.
 * {@link #theChecksCatchAReadySetWithoutSynchronization()} shows the same checks fail on a
 * ready set whose queue is not thread-safe.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FuturesUnorderedLincheckTest {
    private static final int GATES = 3;

    /** A child: pending until opened; records misuse by the set. */
    static final class Gate implements Future<Integer> {
        private final int id;
        private final AtomicInteger inPoll = new AtomicInteger();
        private volatile boolean open;
        private volatile boolean completed;
        private volatile Waker waker;

        Gate(int id) {
            this.id = id;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            if (inPoll.incrementAndGet() != 1) throw new IllegalStateException("gate " + id + " polled concurrently");
            try {
                if (completed) throw new IllegalStateException("gate " + id + " polled after it completed");
                if (!open) {
                    waker = cx.waker();
                    if (!open) return Poll.pending(); // re-checked after the waker is published
                }
                completed = true;
                return Poll.ready(id);
            } finally {
                inPoll.decrementAndGet();
            }
        }

        void open() {
            open = true;
            Waker w = waker;
            if (w != null) w.wake();
        }

        boolean isOpen() {
            return open;
        }
    }

    /** What the owner needs from a set of gates (the real set, or the broken one below). */
    interface ReadySet {
        void push(Gate g);

        /** @return an output, -1 when pending, -2 when the set is empty */
        int pollOnce(Context cx) throws Exception;
    }

    /** The owner's side, the gates and the checks, over some ready set. */
    @Param(name = "i", gen = IntGen.class, conf = "0:2")
    public abstract static class Ops {
        private final Gate[] gates = new Gate[GATES];
        private final ReadySet set;
        private final boolean[] delivered = new boolean[GATES];
        private final AtomicInteger parentWakes = new AtomicInteger();
        private final Context cx = Context.of(parentWakes::incrementAndGet);
        /** Owner only: the parent wake count when the last poll began if it answered pending, else -1. */
        private int pendingSince = -1;
        private boolean ended;

        Ops(ReadySet set) {
            this.set = set;
            for (int i = 0; i < GATES; i++) {
                gates[i] = new Gate(i);
                set.push(gates[i]);
            }
        }

        @Operation
        public void open(@Param(name = "i") int i) {
            gates[i].open();
        }

        @Operation(nonParallelGroup = "owner")
        public void poll() throws Exception {
            pollAsTheExecutorWould();
        }

        private void pollAsTheExecutorWould() throws Exception {
            int before = parentWakes.get();
            int out = set.pollOnce(cx);
            pendingSince = out == -1 ? before : -1;
            ended = out == -2;
            if (out >= 0) deliver(out);
        }

        private void deliver(int out) {
            if (delivered[out]) throw new IllegalStateException("gate " + out + " delivered twice");
            if (!gates[out].isOpen()) throw new IllegalStateException("gate " + out + " delivered while closed");
            delivered[out] = true;
        }

        /**
         * Goes on polling as an executor would (again after an output; after a pending answer only
         * if the parent waker fired since that poll began), then compares deliveries with the
         * opened gates: an opened gate not delivered means a wake that was lost on its way.
         */
        @Validate
        public void everyOpenedGateIsDeliveredExactlyOnce() throws Exception {
            for (int polls = 0; !ended && (pendingSince == -1 || parentWakes.get() != pendingSince); polls++) {
                if (polls > 8 * GATES) throw new IllegalStateException("the set keeps asking to be polled");
                pollAsTheExecutorWould();
            }
            for (int i = 0; i < GATES; i++) {
                if (gates[i].isOpen() != delivered[i]) {
                    throw new IllegalStateException("gate " + i + (delivered[i] ? " delivered but never opened"
                            : " opened but never delivered (a lost wake)"));
                }
            }
        }
    }

    /** The set under test. */
    public static final class Real extends Ops {
        public Real() {
            super(new ReadySet() {
                private final FuturesUnordered<Integer> set = new FuturesUnordered<>();

                @Override
                public void push(Gate g) {
                    set.push(g);
                }

                @Override
                public int pollOnce(Context cx) throws Exception {
                    Poll<Integer> p = set.pollNext(cx);
                    if (p.isPending()) return -1;
                    return AsyncStream.isEnd(p) ? -2 : p.value();
                }
            });
        }
    }

    /** A deliberately broken ready set: wakes check-then-act on a plain flag and queue. */
    public static final class Unsynchronized extends Ops {
        public Unsynchronized() {
            super(new ReadySet() {
                private final ArrayDeque<Gate> ready = new ArrayDeque<>();
                private final java.util.Map<Gate, Boolean> queued = new java.util.IdentityHashMap<>();
                private final java.util.Set<Gate> live = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
                private Waker parent = () -> { };

                @Override
                public void push(Gate g) {
                    live.add(g);
                    queued.put(g, true);
                    ready.add(g);
                }

                @Override
                public int pollOnce(Context cx) throws Exception {
                    parent = cx.waker();
                    Gate g;
                    while ((g = ready.poll()) != null) {
                        if (!live.contains(g)) continue;
                        queued.put(g, false);
                        Gate self = g;
                        Poll<Integer> p = g.poll(Context.of(() -> {
                            if (!queued.get(self)) {
                                queued.put(self, true);
                                ready.add(self);
                                parent.wake();
                            }
                        }));
                        if (p instanceof Poll.Ready<Integer>(Integer v)) {
                            live.remove(g);
                            return v;
                        }
                    }
                    return live.isEmpty() ? -2 : -1;
                }
            });
        }
    }

    /** The model checker's options. */
    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions()
                .threads(2).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 2_000 : 200);
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 10_000 : 500);
    }

    @Test
    void wakesFromAnyThreadAreNeitherLostNorDoubledUnderModelChecking() {
        Lincheck.check(Real.class, modelChecking());
    }

    @Test
    void wakesFromAnyThreadAreNeitherLostNorDoubledUnderStress() {
        Lincheck.check(Real.class, stress());
    }

    @Test
    void theChecksCatchAReadySetWithoutSynchronization() {
        assertThatThrownBy(() -> Lincheck.check(Unsynchronized.class, modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Unsupported class file major version"));
    }
}
