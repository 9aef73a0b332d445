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
 *   <li>{@link dev.weft.net.internal.uring.Buffers}: the native buffers the kernel reads sends
 *       from (and writes receives into, without a buffer ring); given back only after the
 *       completion of the op that used them.</li>
 *   <li>{@link dev.weft.net.internal.uring.BufRing}: the provided buffer ring
 *       ({@code IORING_REGISTER_PBUF_RING}, 256 buffers of 16 KiB) the kernel picks receive
 *       buffers from; {@link dev.weft.net.internal.uring.MultishotRecv}: a stream's receive side on
 *       it, one multishot {@code IORING_OP_RECV} armed while a reader wants bytes, the filled
 *       buffers queued in order and given back once copied out, re-armed after every end
 *       ({@code ENOBUFS} included, once a buffer is back). Where the kernel refuses the ring or
 *       multishot receive ({@link dev.weft.net.internal.uring.UringProbe#multishotRecv()}),
 *       streams submit one recv per read, as before.</li>
 * </ul>
 *
 * <h2>What this stage leaves out</h2>
 * One ring per runtime (not per worker), so no {@code SINGLE_ISSUER}/{@code DEFER_TASKRUN}; no
 * receive bundles ({@code IORING_RECVSEND_BUNDLE}) and no incremental buffer consumption
 * ({@code IOU_PBUF_RING_INC}); no {@code SEND_ZC}; UDP on an epoll instance watched by the ring;
 * files on the blocking pool.
 *
 * <p>Measured on small echo messages (weft-bench/RESULTS.md), multishot receive saves the poll arm
 * of every read but costs more CPU per round trip than one recv per read: the kernel runs a
 * multishot's completion work on the thread that submitted it once, often a parked worker that must
 * be woken. A ring per worker ({@code DEFER_TASKRUN}) is what would remove that.
 */
package dev.weft.net.internal.uring;
