/**
 * Frames over byte streams: a {@link dev.weft.io.codec.Decoder} cuts received bytes into frames
 * and an {@link dev.weft.io.codec.Encoder} turns frames into bytes (Tokio's
 * {@code tokio_util::codec}); {@link dev.weft.io.codec.FramedReader} is the stream of the frames
 * of an {@link dev.weft.io.AsyncRead}, {@link dev.weft.io.codec.FramedWriter} sends frames over an
 * {@link dev.weft.io.AsyncWrite}. Two codecs come with it: {@link dev.weft.io.codec.LineCodec}
 * (lines of text) and {@link dev.weft.io.codec.LengthPrefixedCodec} (byte frames after their
 * length).
 *
 * {@snippet :
 * FramedReader<String> requests = new FramedReader<>(socket, LineCodec.utf8(1024));
 * FramedWriter<String> replies = new FramedWriter<>(socket, LineCodec.utf8(1024));
 * for (String line; (line = await(requests.nextOrNull())) != null; ) await(replies.send("echo " + line));
 * }
 *
 * <h2>Maintainer overview</h2>
 * Every codec is bounded: {@code maxFrameBytes()} on both halves is the most bytes one frame takes,
 * and the reader's and the writer's buffers never grow past it. The reader keeps the bytes it
 * received and did not decode in one heap buffer, in read mode between polls; it reads only after
 * the decoder answered {@code null} on the bytes it holds ({@code fresh}), moves a partial frame
 * to the front of the buffer before it reads more, and grows the buffer by doubling when a frame
 * fills it. The writer encodes into its buffer and writes it out whole before a frame that does
 * not fit. {@code LineCodec} decodes text with {@code io.internal.LineText}, as
 * {@code AsyncIo.lines} does.
 */
package dev.weft.io.codec;
