package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.Lincheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The WAITING {@link Sender#send(Object)} and {@link Receiver#recv()} of a bounded(1) channel under
 * Lincheck, as {@link MutexLincheckTest} models the mutex: two senders (A, and C) and two
 * receivers (B, and C), each thread (a Lincheck non-parallel group) polling its futures by hand
 * with a counting waker per future, and cancelling a send or a receive that waits. Sender A sends
 * 1, 2, 3, ..., sender C 101, 102, ...; a cancelled send's value is skipped.
 *
 * <p>Checked after the scenario, once every woken future has been polled again, in rounds until
 * nothing moves: no receive waits while a message is queued and no send waits while there is room
 * (lost wake-ups, including a notification swallowed by a cancelled waiter); every value whose
 * send completed is received exactly once or still queued, and nothing else is ever received (no
 * message lost or duplicated, none from a cancelled send); each receiver sees each sender's values
 * in the order they were sent.
 *
 * <p>{@link #theCheckerCatchesAReceiveThatListensWithoutReTrying()}: the model checker fails on a
 * receive ({@link NoReTryRecv}) that, after finding the channel empty, starts listening and waits
 * without trying again (the "re-check" of check / listen / re-check / await left out): a message
 * sent between the check and the listen wakes nobody.
 *
 * <p>Sizes: {@link WaitingModelSizes} (model checking 3 threads x 3 operations after 2 sequential
 * ones, 30 scenarios x 50 interleavings; stress 20 x 1,000).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ChannelWaitLincheckTest {

    /** A broken receive: after an empty take it listens and waits, without taking again first. */
    static final class NoReTryRecv implements Future<Integer> {
        private final ChannelCore<Integer> core;
        private EventListener listener;

        NoReTryRecv(ChannelCore<Integer> core) {
            this.core = core;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            while (true) {
                Object r = core.take(cx);
                if (r == ChannelCore.BUDGET) return Poll.pending();
                if (r == ChannelCore.CLOSED) throw ChannelClosedException.onRecv();
                if (r != ChannelCore.NOT_NOW) {
                    cancel();
                    return Poll.ready((Integer) r);
                }
                if (listener == null) listener = core.recvOps.listen(); // broken: no take between listen and wait
                if (!listener.poll(cx).isReady()) return Poll.pending();
                listener = null; // notified: take again
            }
        }

        @Override
        public void cancel() {
            EventListener l = listener;
            listener = null;
            if (l != null) l.cancel();
        }
    }

    /** The channel, the four roles and what they saw. */
    static final class Model {
        // the handles, not the Channel record: Lincheck 2.39 cannot walk a record's fields
        final Sender<Integer> tx;
        final Receiver<Integer> rx;
        final SendRole sendA = new SendRole("A", 1);
        final RecvRole recvB = new RecvRole("B");
        final SendRole sendC = new SendRole("C", 101);
        final RecvRole recvC = new RecvRole("C");
        final boolean noReTry;

        Model(boolean noReTry) {
            Channel<Integer> ch = Channel.bounded(1);
            this.tx = ch.sender();
            this.rx = ch.receiver();
            this.noReTry = noReTry;
        }

        /** After the scenario: drain woken futures; nobody waits needlessly; no message lost or duplicated. */
        void validate() {
            SendRole[] senders = {sendA, sendC};
            RecvRole[] receivers = {recvB, recvC};
            for (boolean progress = true; progress; ) {
                progress = false;
                for (SendRole s : senders) progress |= s.stepIfWoken();
                for (RecvRole r : receivers) progress |= r.stepIfWoken();
            }
            int queued = rx.size();
            for (RecvRole r : receivers) {
                if (r.recv != null && queued > 0) throw new IllegalStateException("lost wake-up: receiver " + r.name + " waits while a message is queued");
            }
            for (SendRole s : senders) {
                if (s.send != null && queued < 1) throw new IllegalStateException("lost wake-up: sender " + s.name + " waits while there is room");
            }
            List<Integer> all = new ArrayList<>();
            for (RecvRole r : receivers) {
                all.addAll(r.got);
                checkOrder(r, 1, 100);
                checkOrder(r, 101, Integer.MAX_VALUE);
            }
            for (Integer v; (v = rx.tryRecv()) != null; ) all.add(v);
            Set<Integer> seen = new HashSet<>();
            for (Integer v : all) {
                if (!seen.add(v)) throw new IllegalStateException("message duplicated: " + v);
                if (sendA.cancelled.contains(v) || sendC.cancelled.contains(v)) throw new IllegalStateException("message of a cancelled send received: " + v);
                if (!sendA.sent.contains(v) && !sendC.sent.contains(v)) throw new IllegalStateException("message received that no completed send sent: " + v);
            }
            for (SendRole s : senders) {
                for (Integer v : s.sent) {
                    if (!seen.contains(v)) throw new IllegalStateException("message lost: " + v + " sent by " + s.name + ", neither received nor queued");
                }
            }
        }

        private static void checkOrder(RecvRole r, int from, int to) {
            int last = Integer.MIN_VALUE;
            for (int v : r.got) {
                if (v < from || v > to) continue;
                if (v <= last) throw new IllegalStateException("receiver " + r.name + " got " + v + " after " + last);
                last = v;
            }
        }

        /** A sender: its send future while it waits. Owner thread only. */
        final class SendRole {
            final String name;
            final CountingWaker waker = new CountingWaker();
            final List<Integer> sent = new ArrayList<>();
            final List<Integer> cancelled = new ArrayList<>();
            int next;
            Future<Void> send;
            int wakesBefore;

            SendRole(String name, int first) {
                this.name = name;
                this.next = first;
            }

            void step() {
                if (send == null) send = tx.send(next);
                wakesBefore = waker.wakes();
                Poll<Void> p;
                try {
                    p = send.poll(waker.context());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (p.isReady()) {
                    sent.add(next++);
                    send = null;
                }
            }

            void cancel() {
                if (send == null) return;
                send.cancel();
                send = null;
                cancelled.add(next++);
            }

            boolean stepIfWoken() {
                if (send == null || waker.wakes() <= wakesBefore) return false;
                step();
                return true;
            }
        }

        /** A receiver: its receive future while it waits, and what it got. Owner thread only. */
        final class RecvRole {
            final String name;
            final CountingWaker waker = new CountingWaker();
            final List<Integer> got = new ArrayList<>();
            Future<Integer> recv;
            int wakesBefore;

            RecvRole(String name) {
                this.name = name;
            }

            void step() {
                if (recv == null) recv = noReTry ? new NoReTryRecv(rx.core) : rx.recv();
                wakesBefore = waker.wakes();
                Poll<Integer> p;
                try {
                    p = recv.poll(waker.context());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (p instanceof Poll.Ready<Integer>(Integer v)) {
                    got.add(v);
                    recv = null;
                }
            }

            void cancel() {
                if (recv == null) return;
                recv.cancel();
                recv = null;
            }

            boolean stepIfWoken() {
                if (recv == null || waker.wakes() <= wakesBefore) return false;
                step();
                return true;
            }
        }
    }

    /** Lincheck's view: thread a sends, thread b receives, thread c does both. */
    public abstract static class Ops {
        final Model m;

        Ops(boolean noReTry) {
            m = new Model(noReTry);
        }

        @Operation(nonParallelGroup = "a")
        public void sendA() {
            m.sendA.step();
        }

        @Operation(nonParallelGroup = "a")
        public void cancelSendA() {
            m.sendA.cancel();
        }

        @Operation(nonParallelGroup = "b")
        public void recvB() {
            m.recvB.step();
        }

        @Operation(nonParallelGroup = "b")
        public void cancelRecvB() {
            m.recvB.cancel();
        }

        @Operation(nonParallelGroup = "c")
        public void sendC() {
            m.sendC.step();
        }

        @Operation(nonParallelGroup = "c")
        public void recvC() {
            m.recvC.step();
        }

        @Operation(nonParallelGroup = "c")
        public void cancelRecvC() {
            m.recvC.cancel();
        }

        /** The checks after the scenario; each concrete class declares it {@code @Validate}. */
        public void validate() {
            m.validate();
        }
    }

    /** The real channel. */
    public static final class Real extends Ops {
        public Real() {
            super(false);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: the receives are {@link NoReTryRecv}. */
    public static final class NoReTry extends Ops {
        public NoReTry() {
            super(true);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    @Test
    void noMessageLostOrDuplicatedAndNoWaiterLeftUnderModelChecking() {
        Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
    }

    @Test
    void noMessageLostOrDuplicatedAndNoWaiterLeftUnderStress() {
        Lincheck.check(Real.class, WaitingModelSizes.stress());
    }

    @Test
    void theCheckerCatchesAReceiveThatListensWithoutReTrying() {
        Lincheck.assertCaught(NoReTry.class, WaitingModelSizes.modelChecking().minimizeFailedScenario(false), "lost", "duplicated",
                "received");
    }

    @Test
    void cancelledWaitersRunSequentially() {
        Real ops = new Real();
        ops.recvB(); // B waits
        ops.recvC(); // C waits
        ops.sendA(); // 1 queued, one receiver notified
        ops.cancelRecvB(); // a notification B had not consumed passes on
        ops.sendC(); // full: C's send waits
        ops.cancelSendA(); // nothing pending: no-op
        ops.validate();
        assertThat(ops.m.recvC.got).containsExactly(1);
    }

    @Test
    void theChecksCatchAReceiverLeftWaitingRunSequentially() {
        // the state the broken receive ends in: it listens, and the message sent before the listen woke nobody
        NoReTry ops = new NoReTry();
        Model m = ops.m;
        EventListener deaf = new Event().listen(); // a receive that no send will ever notify
        assertThat(deaf.poll(m.recvB.waker.context()).isReady()).isFalse();
        m.recvB.recv = deaf.map(x -> 0);
        ops.sendA(); // 1 queued
        assertThatThrownBy(ops::validate).hasMessageContaining("lost wake-up: receiver B waits while a message is queued");
    }
}
