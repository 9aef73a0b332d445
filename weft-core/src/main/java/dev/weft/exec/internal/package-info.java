/**
 * The work-stealing executor's machinery: not exported.
 *
 * <p>Maintainer overview (Tokio's multi-thread scheduler, file by file):
 * {@link dev.weft.exec.internal.Scheduler} is the shared state and decides where a scheduled task
 * goes; {@link dev.weft.exec.internal.Worker} is one thread's loop (LIFO slot, local queue, global
 * check every 61 ticks, stealing, parking); {@link dev.weft.exec.internal.LocalQueue} is the
 * bounded ring with steal-half; {@link dev.weft.exec.internal.InjectQueue} the global FIFO;
 * {@code Idle} counts searching and parked workers; {@link dev.weft.exec.internal.WorkerParker}
 * sleeps a worker in the reactor driver or on its own parker;
 * {@link dev.weft.exec.internal.BlockedWorkerWatch} is the runtime's watcher thread that reports a
 * poll holding a worker past the threshold, with the call site {@link dev.weft.exec.internal.CallSite}
 * picks from the worker's stack. Each class starts with its state and transition tables.
 */
package dev.weft.exec.internal;
