package dev.weft.net.tls.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Finds the host name a client asks for (the {@code server_name} extension, RFC 6066 §3) in the
 * first TLS record it sends, before any engine exists, so that a server can choose its
 * {@code SSLContext} (its certificate) by name. Reads, never consumes: the same bytes are then
 * handed to the chosen engine.
 *
 * <p>Only the first record is looked at. A ClientHello split over several records (legal, rare),
 * a first record that is not a handshake, and malformed bytes all answer "no name": the server's
 * default context then handshakes, and its engine reports what is wrong with the bytes.
 */
public final class ClientHelloSni {
    /** A record's header: type, version, length. */
    private static final int HEADER = 5;
    private static final int HANDSHAKE = 22;
    private static final int CLIENT_HELLO = 1;
    private static final int SERVER_NAME = 0;
    private static final int HOST_NAME = 0;
    /** The most a record of a ClientHello may hold (2^14 bytes of plaintext; RFC 8446 §5.1). */
    public static final int MAX_RECORD = HEADER + (1 << 14);

    private ClientHelloSni() {}

    /**
     * @param bytes what the client sent so far, in read mode (its position is not moved)
     * @return null if the first record is not complete yet; else the name asked for, or empty
     *     when there is none (or the bytes are not a ClientHello that this reads)
     */
    public static Optional<String> parse(ByteBuffer bytes) {
        ByteBuffer b = bytes.duplicate();
        if (b.remaining() < HEADER) return null;
        int type = b.get() & 0xff;
        b.getShort();
        int length = b.getShort() & 0xffff;
        if (type != HANDSHAKE || length > MAX_RECORD - HEADER) return Optional.empty();
        if (b.remaining() < length) return null;
        try {
            return Optional.ofNullable(serverName(b.slice(b.position(), length)));
        } catch (RuntimeException malformed) { // BufferUnderflowException, IllegalArgumentException
            return Optional.empty();
        }
    }

    /** The host name in a ClientHello handshake message, or null. */
    private static String serverName(ByteBuffer r) {
        if ((r.get() & 0xff) != CLIENT_HELLO) return null;
        int messageLength = u24(r);
        if (messageLength > r.remaining()) return null; // continued in the next record
        r.limit(r.position() + messageLength);
        skip(r, 2 + 32);                         // legacy_version, random
        skip(r, r.get() & 0xff);                 // legacy_session_id
        skip(r, r.getShort() & 0xffff);          // cipher_suites
        skip(r, r.get() & 0xff);                 // legacy_compression_methods
        if (!r.hasRemaining()) return null;      // no extensions
        ByteBuffer extensions = take(r, r.getShort() & 0xffff);
        while (extensions.hasRemaining()) {
            int extType = extensions.getShort() & 0xffff;
            ByteBuffer ext = take(extensions, extensions.getShort() & 0xffff);
            if (extType != SERVER_NAME) continue;
            ByteBuffer list = take(ext, ext.getShort() & 0xffff);
            while (list.hasRemaining()) {
                int nameType = list.get() & 0xff;
                ByteBuffer name = take(list, list.getShort() & 0xffff);
                if (nameType == HOST_NAME) return StandardCharsets.US_ASCII.decode(name).toString();
            }
        }
        return null;
    }

    private static int u24(ByteBuffer b) {
        return (b.get() & 0xff) << 16 | (b.get() & 0xff) << 8 | (b.get() & 0xff);
    }

    private static void skip(ByteBuffer b, int n) {
        b.position(b.position() + n);
    }

    /** The next {@code n} bytes of {@code b} as a buffer of their own; {@code b} moves past them. */
    private static ByteBuffer take(ByteBuffer b, int n) {
        ByteBuffer part = b.slice(b.position(), n);
        skip(b, n);
        return part;
    }
}
