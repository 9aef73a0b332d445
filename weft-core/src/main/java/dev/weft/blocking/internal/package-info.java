/**
 * Internals of the blocking layer: {@link dev.weft.blocking.internal.BytePipe}, the byte ring
 * between an async side and a blocking pool thread; {@link dev.weft.blocking.internal.RuntimePool},
 * which makes a runtime's own pool, whose threads report to the runtime's failure hook; and
 * {@link dev.weft.blocking.internal.InlinePool}, a simulation's pool without threads. Not exported.
 */
package dev.weft.blocking.internal;
