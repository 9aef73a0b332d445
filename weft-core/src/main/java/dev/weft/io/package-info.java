/**
 * Asynchronous byte streams: {@link dev.weft.io.AsyncRead}, {@link dev.weft.io.AsyncWrite},
 * {@link dev.weft.io.AsyncBufRead} and their helpers.
 *
 * <h2>Maintainer overview</h2>
 * The interfaces carry only poll methods. {@link dev.weft.io.AsyncIo} turns them into futures, one
 * small class per operation ({@code Read}, {@code ReadExact}, {@code ReadToEnd}, {@code Write},
 * {@code WriteAll}, {@code Flush}, {@code Copy}) and the {@code Lines} stream, which decodes each
 * line with {@code io.internal.LineText}: strictly (an {@link dev.weft.io.InvalidDataException}
 * naming the line, the offset and the bytes) unless made lossy by name; {@code dev.weft.io.codec},
 * built on this package, decodes its {@code LineCodec}'s lines with the same class.
 * {@link dev.weft.io.BufReader} and {@link dev.weft.io.BufWriter} add a buffer; the reader hands
 * out a read-only view of its buffer made once, so filling and consuming allocate nothing. All of
 * these are single-owner state machines: a poll that answers pending keeps its progress in
 * fields, so the next poll resumes where it stopped.
 */
package dev.weft.io;
