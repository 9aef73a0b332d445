package dev.weft.examples.redis.resp;

/**
 * A peer broke the RESP protocol or one of the {@link RespLimits}; its message is what the server
 * answers after {@code -ERR Protocol error: } before it closes the connection.
 *
 * {@snippet :
 * try {
 *     decoder.decode(bytes, 0, n);
 * } catch (RespProtocolException e) {
 *     out.error("ERR Protocol error: " + e.getMessage());
 * }
 * }
 */
public final class RespProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, in Redis's words where Redis has some ("invalid bulk length") */
    public RespProtocolException(String message) {
        super(message, null, false, false);
    }
}
