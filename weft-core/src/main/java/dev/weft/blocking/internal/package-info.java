/**
 * Internals of the blocking layer: {@link dev.weft.blocking.internal.BytePipe}, the byte ring
 * between an async side and a blocking pool thread. Not exported.
 */
package dev.weft.blocking.internal;
