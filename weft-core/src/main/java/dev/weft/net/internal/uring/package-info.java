/**
 * The io_uring poller, through the Foreign Function and Memory API (the raw system calls; no JNI,
 * no liburing); not exported. Opt-in: {@code IoPoller.IO_URING}.
 *
 * <ul>
 *   <li>{@link dev.weft.net.internal.uring.UringProbe}: whether io_uring can serve here (setup
 *       flags, features, {@code IORING_REGISTER_PROBE} of every opcode used), found once.</li>
 *   <li>{@link dev.weft.net.internal.uring.Sys} (the system calls and constants) and
 *       {@link dev.weft.net.internal.uring.Ring} (one ring, mapped: SQ, CQ, SQEs).</li>
 *   <li>{@link dev.weft.net.internal.uring.UringPoller}: the driver's poller; submission batched
 *       per turn, the table of ops in flight, wake-ups, and a close that cancels and reaps
 *       everything before it unmaps. Its state table is at the top of that class.</li>
 *   <li>The sockets, handed out by {@link dev.weft.net.internal.uring.UringNet}:
 *       {@link dev.weft.net.internal.uring.UringStream} (recv and send completions),
 *       {@link dev.weft.net.internal.uring.UringListener} (multishot accept),
 *       {@link dev.weft.net.internal.uring.UringConnect}; what they share (the descriptor's close
 *       after the last op) in {@link dev.weft.net.internal.uring.UringSocket}.</li>
 *   <li>{@link dev.weft.net.internal.uring.Buffers}: the native buffers the kernel writes; given
 *       back only after the completion of the op that used them.</li>
 * </ul>
 *
 * <h2>What this stage leaves out</h2>
 * One ring per runtime (not per worker), so no {@code SINGLE_ISSUER}/{@code DEFER_TASKRUN}; a
 * receive into a buffer owned by the op, not multishot receive into a provided buffer ring; no
 * {@code SEND_ZC}; UDP on an epoll instance watched by the ring; files on the blocking pool.
 */
package dev.weft.net.internal.uring;
