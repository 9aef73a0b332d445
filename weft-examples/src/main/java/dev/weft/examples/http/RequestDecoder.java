package dev.weft.examples.http;

import java.nio.ByteBuffer;

/**
 * Decodes HTTP/1.x requests from the bytes of one connection, incrementally and within its
 * {@link Limits}: request line, header fields, and a body framed by {@code Content-Length} or
 * {@code Transfer-Encoding: chunked} (chunk extensions skipped, trailer fields kept).
 *
 * {@snippet :
 * RequestDecoder decoder = new RequestDecoder(Limits.DEFAULT);
 * byte[] bytes = "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
 * decoder.readBuffer().put(bytes); // a socket read would put them there
 * decoder.filled(bytes.length);    // the count the read returned
 * Request r = decoder.next(); // GET /plaintext; null if more bytes are needed
 * }
 *
 * <p>Memory stays bounded whatever the input: the input buffer never grows beyond the longest line
 * the limits allow (plus 2), a body never beyond {@link Limits#maxBody()}, header strings never
 * beyond {@link Limits#maxHeaderBytes()}; {@link #retainedBytes()} tells what it holds. A request
 * that breaks the syntax or a limit makes {@link #next()} throw {@link ProtocolError}, then and on
 * every later call.
 *
 * <p>One phase after the other, each in its own class: the request line ({@code RequestLine}),
 * the header fields ({@code FieldLines}, and {@code RequestHead} for what they say), the body
 * ({@code RequestBody}: by length, or chunked), then for a chunked body the trailer fields. The
 * bytes not decoded yet wait in an {@code InputBuffer}.
 *
 * <p>State (owner thread only, one connection): {@code state} is the phase of the request being
 * decoded; {@code trailers} its trailer fields once its last chunk came; {@code continueTaken}
 * whether its {@code 100 Continue} was taken; {@code failed} the error every later call throws.
 */
public final class RequestDecoder {
    private enum State { REQUEST_LINE, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, COMPLETE }

    private static final Headers NO_FIELDS = new Headers();

    private final Limits limits;
    private final InputBuffer in;
    private final FieldLines fieldLines;
    private final RequestHead head;
    private final RequestBody body;
    private ProtocolError failed;

    private State state = State.REQUEST_LINE;
    private Headers trailers;
    private boolean continueTaken;

    /**
     * @param limits the bounds of every request
     */
    public RequestDecoder(Limits limits) {
        this.limits = limits;
        long longestLine = Math.max(Math.max(limits.maxRequestLine(), limits.maxHeaderBytes()), RequestBody.MAX_CHUNK_LINE);
        this.in = new InputBuffer(longestLine);
        this.fieldLines = new FieldLines(limits);
        this.head = new RequestHead(limits.maxBody());
        this.body = new RequestBody(limits.maxBody());
    }

    /**
     * Where the next read goes: a buffer positioned at the first free byte, its limit the end of
     * the free space (always at least one byte). Call {@link #filled(int)} with the count read.
     *
     * @return the read buffer (the same object until the decoder grows it)
     */
    public ByteBuffer readBuffer() {
        return in.readBuffer();
    }

    /**
     * Takes in the bytes a read put into {@link #readBuffer()}.
     *
     * @param n the count read (not negative)
     * @throws IllegalArgumentException if {@code n} is negative or more than the free space
     */
    public void filled(int n) {
        in.filled(n);
    }

    /** @return how many bytes are buffered and not decoded yet */
    public int buffered() {
        return in.buffered();
    }

    /** @return the bytes this decoder holds now: its input buffer and the body being collected */
    public long retainedBytes() {
        return in.capacity() + body.retainedBytes();
    }

    /** @return whether the decoder waits for a request to begin and holds none of its bytes */
    public boolean idle() {
        return state == State.REQUEST_LINE && in.isEmpty() && failed == null;
    }

    /** @return whether the request being decoded is still in its head (request line and fields) */
    public boolean inHead() {
        return state == State.REQUEST_LINE || state == State.HEADERS;
    }

    /**
     * Whether to send {@code 100 Continue} now: true once per request that asked for it
     * ({@code Expect: 100-continue}), when its head is decoded and none of its body has arrived.
     *
     * @return whether the caller must write {@code HTTP/1.1 100 Continue} before reading on
     */
    public boolean takeContinue() {
        if (!head.expectContinue() || continueTaken || body.length() > 0 || !in.isEmpty()) return false;
        if (state != State.BODY && state != State.CHUNK_SIZE) return false;
        continueTaken = true;
        return true;
    }

    /**
     * Decodes the next complete request from the buffered bytes.
     *
     * @return the request, or {@code null} if its bytes have not all arrived yet
     * @throws ProtocolError if the bytes break the syntax or a limit (then on every later call too)
     */
    public Request next() throws ProtocolError {
        if (failed != null) throw failed;
        try {
            return decode();
        } catch (ProtocolError e) {
            failed = e;
            throw e;
        }
    }

    private Request decode() throws ProtocolError {
        while (state != State.COMPLETE) {
            if (!step()) return null;
        }
        return complete();
    }

    /**
     * Decodes what the current phase can from the buffered bytes, and moves on to the next phase
     * when it is done.
     *
     * @return {@code false} if the phase needs more bytes
     */
    private boolean step() throws ProtocolError {
        switch (state) {
            case REQUEST_LINE -> {
                if (!RequestLine.read(in, limits.maxRequestLine(), head)) return false;
                fieldLines.reset();
                state = State.HEADERS;
            }
            case HEADERS -> {
                FieldLines.Line line = fieldLines.read(in, head.headers(), head);
                if (line == FieldLines.Line.MORE) return false;
                if (line == FieldLines.Line.END) state = afterHead();
            }
            case BODY -> {
                if (!body.readFixed(in, head.contentLength())) return false;
                state = State.COMPLETE;
            }
            case CHUNK_SIZE -> {
                long size = body.readChunkSize(in);
                if (size < 0) return false;
                if (size == 0) {
                    trailers = new Headers();
                    state = State.TRAILERS;
                } else {
                    state = State.CHUNK_DATA;
                }
            }
            case CHUNK_DATA -> {
                if (!body.readChunkData(in)) return false;
                if (body.chunkDone()) state = State.CHUNK_END;
            }
            case CHUNK_END -> {
                if (!body.readChunkEnd(in)) return false;
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                FieldLines.Line line = fieldLines.read(in, trailers, null);
                if (line == FieldLines.Line.MORE) return false;
                if (line == FieldLines.Line.END) state = State.COMPLETE;
            }
            case COMPLETE -> { }
        }
        return true;
    }

    /** @return the phase after the head: the body as the head frames it, or none */
    private State afterHead() throws ProtocolError {
        return switch (head.end()) {
            case CHUNKED -> State.CHUNK_SIZE;
            case LENGTH -> {
                body.expect(head.contentLength());
                yield State.BODY;
            }
            case NONE -> State.COMPLETE;
        };
    }

    private Request complete() {
        Request r = head.request(body.bytes(), trailers == null ? NO_FIELDS : trailers);
        state = State.REQUEST_LINE;
        head.clear();
        trailers = null;
        continueTaken = false;
        body.clear();
        fieldLines.reset();
        return r;
    }
}
