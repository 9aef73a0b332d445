package dev.weft.net.internal.uring;

import dev.weft.net.internal.linux.Errno;
import java.util.HashSet;
import java.util.Set;

/**
 * Buffer rings for the tests: one that counts how the multishot receives ended and were re-armed,
 * and the broken variants the tests must catch, each a subclass here (nothing in the poller's
 * classes switches to them).
 */
final class TestRings {
    private TestRings() {}

    /** A ring of {@code entries} x {@code size} whose receive sides count their ENOBUFS ends and re-arms. */
    static class Counting extends BufRing {
        int nobufsEnds;
        int ends;

        Counting(int ringFd, int entries, int size, Runnable wake) throws Ring.UringException {
            super(ringFd, 0, entries, size, wake);
        }

        /** A multishot ended with {@code res}. */
        final void count(int res) {
            ends++;
            if (res == -Errno.ENOBUFS) nobufsEnds++;
        }

        @Override
        MultishotRecv receiver(UringStream s) {
            return new MultishotRecv(s, this) {
                @Override
                void ended(int res) {
                    count(res);
                    super.ended(res);
                }
            };
        }
    }

    /** Broken: a multishot that ended (a completion without F_MORE) is not re-armed by its end. */
    static final class NoRearm extends Counting {
        NoRearm(int ringFd, int entries, int size, Runnable wake) throws Ring.UringException {
            super(ringFd, entries, size, wake);
        }

        @Override
        MultishotRecv receiver(UringStream s) {
            return new MultishotRecv(s, this) {
                @Override
                void ended(int res) {
                    count(res); // and no re-arm
                }
            };
        }
    }

    /** Broken: each buffer goes back to the kernel at its completion, before its bytes were copied out. */
    static final class EarlyGive extends BufRing {
        private final Set<Integer> early = new HashSet<>();

        EarlyGive(int ringFd, int entries, int size, Runnable wake) throws Ring.UringException {
            super(ringFd, 0, entries, size, wake);
        }

        @Override
        synchronized void lend(int bid) {
            super.lend(bid);
            early.add(bid);
            super.give(bid);
        }

        @Override
        void give(int bid) {
            synchronized (this) {
                if (early.remove(bid)) return; // given at its completion already
            }
            super.give(bid);
        }
    }

    /** Broken: a closed stream keeps its queued buffers instead of giving them back. */
    static final class KeepOnClose extends BufRing {
        KeepOnClose(int ringFd, int entries, int size, Runnable wake) throws Ring.UringException {
            super(ringFd, 0, entries, size, wake);
        }

        @Override
        MultishotRecv receiver(UringStream s) {
            return new MultishotRecv(s, this) {
                @Override
                void giveBackQueued() {}
            };
        }
    }
}
