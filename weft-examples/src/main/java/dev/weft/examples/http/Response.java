package dev.weft.examples.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An answer: status, content type, extra header fields and a body, either whole (sent with
 * {@code Content-Length}) or as chunks (sent with {@code Transfer-Encoding: chunked}). Immutable,
 * so one response object may answer any number of requests; its header lines are encoded once.
 * The server adds {@code Server}, {@code Date}, the framing fields and {@code Connection}.
 *
 * {@snippet :
 * Response hello = Response.of(200, "text/plain", "Hello, World!".getBytes(StandardCharsets.US_ASCII));
 * Response streamed = Response.chunked(200, "text/plain", List.of("a".getBytes(), "b".getBytes()))
 *         .withHeader("Cache-Control", "no-store");
 * }
 */
public final class Response {
    private final int status;
    private final byte[] body;
    private final List<byte[]> chunks;
    private final byte[] fieldLines;

    private Response(int status, byte[] body, List<byte[]> chunks, byte[] fieldLines) {
        if (status < 200 || status > 999) throw new IllegalArgumentException("status must be 200..999: " + status);
        this.status = status;
        this.body = body;
        this.chunks = chunks;
        this.fieldLines = fieldLines;
    }

    /**
     * @param status the status, 200 or more
     * @param contentType the {@code Content-Type}
     * @param body the whole body (copied)
     * @return the response
     */
    public static Response of(int status, String contentType, byte[] body) {
        return new Response(status, body.clone(), null, line("Content-Type", contentType));
    }

    /**
     * @param status the status, 200 or more
     * @param text a plain-text body, sent as UTF-8
     * @return the response
     */
    public static Response text(int status, String text) {
        return of(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param status the status, 200 or more
     * @param contentType the {@code Content-Type}
     * @param chunks the body as chunks, each sent as one chunk (empty ones are skipped)
     * @return a response sent with {@code Transfer-Encoding: chunked} (whole to an HTTP/1.0 client)
     */
    public static Response chunked(int status, String contentType, List<byte[]> chunks) {
        List<byte[]> copy = chunks.stream().map(byte[]::clone).toList();
        return new Response(status, null, copy, line("Content-Type", contentType));
    }

    /**
     * @param name a field name (a token)
     * @param value its value (no CR, LF or other control characters)
     * @return this response with one more header field
     * @throws IllegalArgumentException if the name or value would break the header
     */
    public Response withHeader(String name, String value) {
        byte[] more = line(name, value);
        byte[] lines = new byte[fieldLines.length + more.length];
        System.arraycopy(fieldLines, 0, lines, 0, fieldLines.length);
        System.arraycopy(more, 0, lines, fieldLines.length, more.length);
        return new Response(status, body, chunks, lines);
    }

    /** @return the status */
    public int status() {
        return status;
    }

    /** @return whether the body goes out chunked */
    public boolean isChunked() {
        return chunks != null;
    }

    /** @return the whole body (for a chunked response: its chunks joined) */
    public byte[] body() {
        if (chunks == null) return body.clone();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] c : chunks) all.writeBytes(c);
        return all.toByteArray();
    }

    byte[] wholeBody() {
        return chunks == null ? body : body();
    }

    List<byte[]> chunks() {
        return chunks;
    }

    byte[] fieldLines() {
        return fieldLines;
    }

    private static byte[] line(String name, String value) {
        if (name.isEmpty()) throw new IllegalArgumentException("empty header field name");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c > 0x7F || !Syntax.isTokenChar((byte) c)) throw new IllegalArgumentException("bad header field name: " + name);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF || !Syntax.isFieldValueChar((byte) c)) throw new IllegalArgumentException("bad header field value: " + value);
        }
        return (name + ": " + value + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return status + (chunks == null ? " (" + body.length + " bytes)" : " (" + chunks.size() + " chunks)");
    }
}
