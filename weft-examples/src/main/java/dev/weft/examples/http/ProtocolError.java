package dev.weft.examples.http;

/**
 * A request the server refuses: the status to answer with ({@code 400}, {@code 413}, ...) and
 * why. The connection answers it with {@code Connection: close} and closes.
 *
 * {@snippet :
 * try {
 *     Request r = decoder.next();
 * } catch (ProtocolError e) {
 *     int status = e.status(); // 431, say
 * }
 * }
 */
public final class ProtocolError extends Exception {
    private static final long serialVersionUID = 1L;

    /** The HTTP status to answer with. */
    private final int status;

    /**
     * @param status the HTTP status to answer with
     * @param message what was wrong, for the response body
     */
    public ProtocolError(int status, String message) {
        super(message, null, false, false); // no stack trace: a bad request is not a bug here
        this.status = status;
    }

    /** @return the HTTP status to answer with */
    public int status() {
        return status;
    }
}
