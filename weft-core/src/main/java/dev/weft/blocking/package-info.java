/**
 * Blocking work without blocking the async workers: {@link dev.weft.blocking.Blocking#unblock}
 * on a {@link dev.weft.blocking.BlockingPool} that grows and shrinks, and
 * {@link dev.weft.blocking.Unblock} adapters that turn {@code InputStream}/{@code OutputStream}
 * into {@link dev.weft.io.AsyncRead}/{@link dev.weft.io.AsyncWrite}.
 *
 * <p>Implementation overview for maintainers. The pool is one lock, one condition and an
 * intrusive FIFO of {@code BlockingJob}s; a job is both the queue entry and the future, with a
 * four-state word (queued, running, done, cancelled) so cancel-before-run removes it. Threads are
 * started when a job finds no idle thread (Tokio's rule) and exit after their keep-alive without
 * work. The adapters move bytes through {@code internal.BytePipe}: the pool thread side blocks on
 * the pipe's monitor, the async side registers a waker; a pipe carries bytes one way and also
 * carries flush requests and the end/failure of either side.
 */
package dev.weft.blocking;
