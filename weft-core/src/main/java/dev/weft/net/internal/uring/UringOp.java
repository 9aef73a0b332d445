package dev.weft.net.internal.uring;

import dev.weft.net.internal.WakeList;

/**
 * One operation the kernel holds: what its completions are handed to. While it is in flight it
 * sits in the poller's table under its token (the CQE's {@code user_data}), which keeps it, and
 * the buffer or address it holds, reachable until its last completion is reaped.
 *
 * {@snippet :
 * final class RecvOp extends UringOp {
 *     @Override void complete(int res, int flags, WakeList out) { stream.recvDone(res, out); }
 * }
 * }
 *
 * <p>{@code token} is written under the poller's submission lock (volatile: a cancel reads it
 * without that lock; a stale token names a slot whose generation changed, and the kernel answers
 * that cancel with {@code ENOENT}). Endpoints keep their own in-flight flags under their own lock
 * and never read it to decide.
 */
abstract class UringOp {
    /** The op's key in the poller's table while it is in flight; 0 when not. */
    volatile long token;

    /**
     * A completion of this op (the reaping thread). Called without the poller's locks; must not
     * throw; adds the wakers to wake to {@code out}.
     *
     * @param res the CQE's result (a count, a descriptor, or a negated errno)
     * @param flags the CQE's flags ({@link Sys#CQE_F_MORE}: more completions will follow)
     * @param out where to put the wakers to wake
     */
    abstract void complete(int res, int flags, WakeList out);
}
