package dev.weft.examples.http;

import java.util.Arrays;

/**
 * The body of the request being decoded, collected as its bytes arrive: framed by
 * {@code Content-Length}, or chunked (chunk size lines with their extensions skipped, chunk data,
 * the line end after it). Never larger than {@link Limits#maxBody()}: a chunk that would cross it
 * is refused by its size line, before its data arrives.
 *
 * <p>State (owner thread only, one connection): {@code body[0, length)} holds the bytes so far
 * ({@code body} is {@code null} until some are expected); {@code chunkLeft} is how many bytes of
 * the current chunk are still to come. {@link #clear()} when the request is complete.
 */
final class RequestBody {
    /** The longest chunk size line, extensions included ({@code 400} beyond). */
    static final int MAX_CHUNK_LINE = 1024;
    private static final byte[] NO_BODY = new byte[0];

    private final int maxBody;
    private byte[] body;
    private int length;
    private long chunkLeft;

    /** @param maxBody the largest body the limits allow */
    RequestBody(int maxBody) {
        this.maxBody = maxBody;
    }

    /** @param contentLength the length the head announced, within the limit: the room made for it */
    void expect(long contentLength) {
        body = new byte[(int) contentLength];
    }

    /** @return whether all {@code contentLength} bytes are in, after taking what is buffered */
    boolean readFixed(InputBuffer in, long contentLength) {
        length += in.take(body, length, contentLength - length);
        return length == contentLength;
    }

    /**
     * Reads a chunk size line and makes room for the chunk.
     *
     * @return the chunk's size, 0 for the last chunk (trailer fields follow), or -1 if the line has
     *     not all arrived yet
     * @throws ProtocolError 400 if the line is malformed or longer than {@link #MAX_CHUNK_LINE}
     *     (even before it ends), 413 if the chunk would make the body larger than the limit
     */
    long readChunkSize(InputBuffer in) throws ProtocolError {
        int lf = in.findLineEnd();
        if (lf < 0) {
            if (in.buffered() > MAX_CHUNK_LINE) throw new ProtocolError(400, "chunk size line too long");
            return -1;
        }
        long size = parseChunkSize(in.bytes(), in.start(), in.contentEnd(lf));
        in.consumeLine(lf);
        if (size > 0) {
            reserve(size);
            chunkLeft = size;
        }
        return size;
    }

    /** @return whether some of the chunk's data was buffered (and is now taken) */
    boolean readChunkData(InputBuffer in) {
        int n = in.take(body, length, chunkLeft);
        if (n == 0) return false;
        length += n;
        chunkLeft -= n;
        return true;
    }

    /** @return whether the current chunk's data is all in */
    boolean chunkDone() {
        return chunkLeft == 0;
    }

    /**
     * Reads the line end after a chunk's data: CRLF, or a bare LF.
     *
     * @return {@code false} if it has not all arrived yet
     * @throws ProtocolError 400 if the data goes on beyond the chunk's size
     */
    boolean readChunkEnd(InputBuffer in) throws ProtocolError {
        if (in.isEmpty()) return false;
        byte[] buf = in.bytes();
        int at = in.start();
        if (buf[at] == '\n') {
            in.skip(1);
        } else if (buf[at] == '\r') {
            if (in.buffered() < 2) return false;
            if (buf[at + 1] != '\n') throw new ProtocolError(400, "chunk data not followed by CRLF");
            in.skip(2);
        } else {
            throw new ProtocolError(400, "chunk data longer than its size");
        }
        return true;
    }

    private long parseChunkSize(byte[] buf, int from, int to) throws ProtocolError {
        long size = 0;
        int i = from;
        for (; i < to; i++) {
            int d = Character.digit(buf[i], 16);
            if (d < 0) break;
            if (i - from >= 8) throw new ProtocolError(413, "chunk larger than the body limit");
            size = size * 16 + d;
        }
        if (i == from) throw new ProtocolError(400, "malformed chunk size");
        while (i < to && Syntax.isWhite(buf[i])) i++;
        if (i < to && buf[i] != ';') throw new ProtocolError(400, "malformed chunk size");
        for (; i < to; i++) {
            if (!Syntax.isFieldValueChar(buf[i])) throw new ProtocolError(400, "malformed chunk extension");
        }
        if (size > maxBody - length) {
            throw new ProtocolError(413, "body larger than " + maxBody + " bytes");
        }
        return size;
    }

    private void reserve(long more) {
        long need = length + more;
        if (body == null) {
            body = new byte[(int) Math.min(maxBody, Math.max(need, 256))];
        } else if (need > body.length) {
            body = Arrays.copyOf(body, (int) Math.min(maxBody, Math.max(need, 2L * body.length)));
        }
    }

    /** @return how many body bytes are in so far */
    int length() {
        return length;
    }

    /** @return the bytes this body holds now, room included */
    int retainedBytes() {
        return body == null ? 0 : body.length;
    }

    /** @return the body, exactly as long as what came */
    byte[] bytes() {
        return body == null ? NO_BODY : length == body.length ? body : Arrays.copyOf(body, length);
    }

    /** The request is complete: nothing of its body is kept. */
    void clear() {
        body = null;
        length = 0;
        chunkLeft = 0;
    }
}
