package dev.weft.io;

import java.io.IOException;

/**
 * Input longer than a reader was allowed to take: a line without its terminator past the line
 * limit, a stream past the byte limit of {@code readToEnd}. The bytes read so far are dropped and
 * the source is left where the limit was crossed; a peer that sent this should be cut off.
 *
 * {@snippet :
 * try {
 *     byte[] body = await(AsyncIo.readToEnd(socket, 1 << 20));
 * } catch (LimitExceededException e) {
 *     System.err.println("peer sent more than " + e.limit() + " bytes (" + e.limitName() + ")");
 * }
 * }
 */
public final class LimitExceededException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String limitName;
    private final long limit;

    /**
     * @param limitName which limit, as its parameter is named ({@code maxLineBytes}, ...)
     * @param limit its value
     * @param what what was too long
     */
    public LimitExceededException(String limitName, long limit, String what) {
        super(what + " is longer than the limit " + limitName + " = " + limit + " bytes");
        this.limitName = limitName;
        this.limit = limit;
    }

    /** @return the name of the limit that was crossed */
    public String limitName() {
        return limitName;
    }

    /** @return the limit, in bytes */
    public long limit() {
        return limit;
    }
}
