/**
 * The file system without blocking tasks: {@link dev.weft.fs.AsyncFiles} (whole-file reads and
 * writes, metadata, directory listing as a stream) and {@link dev.weft.fs.AsyncFile} (an open
 * file that is an {@link dev.weft.io.AsyncRead} and {@link dev.weft.io.AsyncWrite}, with seek).
 *
 * <p>Implementation overview for maintainers: every operation is a job on the blocking pool
 * ({@link dev.weft.blocking.BlockingPool}: the runtime's, or the shared one outside any runtime),
 * as in async-fs; Linux offers no readiness for regular
 * files, so a thread pool is the portable way. {@code AsyncFile} keeps one job in flight and one
 * direct buffer of {@code CHUNK} bytes that is read-ahead in read mode and write-behind in write
 * mode; seeks and writes undo read-ahead by moving the channel back.
 */
package dev.weft.fs;
