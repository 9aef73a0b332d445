package dev.weft.examples.redis;

import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.resp.RespDecoder;
import dev.weft.examples.redis.resp.RespProtocolException;
import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.time.Time;
import java.nio.ByteBuffer;

/**
 * What one connection holds between reads: the bytes received and not yet decoded, the replies
 * not yet written, the decoder, and the session. {@link ConnectionLoop} reads into
 * {@link #readSpace()}, calls {@link #process()} and writes {@link #out()}; this class does no I/O,
 * so tests drive it with bytes alone.
 *
 * {@snippet :
 * ConnectionState c = new ConnectionState(dispatcher, new Session(db), RespLimits.DEFAULT);
 * c.readSpace().put("PING\r\n".getBytes());
 * c.process();                       // Step.READ: the reply is in c.out()
 * }
 *
 * <p>Memory bound: the decoder rejects a request longer than
 * {@link dev.weft.examples.redis.resp.RespLimits#maxRequestBytes()} as soon as that many bytes
 * of it are buffered, so the input buffer never grows past that plus one read; replies are
 * flushed every {@link #FLUSH_AT} bytes. Owner only: the connection's task.
 */
final class ConnectionState implements AutoCloseable {
    /** What the loop does next. */
    enum Step {
        /** Every complete request was answered: write the replies, then read more. */
        READ,
        /** The replies filled the output buffer: write them, then call {@link #process()} again. */
        FLUSH,
        /** Write the replies, then close the connection (QUIT, or a protocol error). */
        CLOSE
    }

    /** Replies are written once this many bytes are buffered, even if requests remain. */
    static final int FLUSH_AT = 64 * 1024;
    private static final int INITIAL = 16 * 1024;

    private final Dispatcher dispatcher;
    private final Session session;
    private final RespDecoder decoder;
    private final RespWriter out = new RespWriter(INITIAL);
    /** Received bytes in [start, position); write mode. */
    private ByteBuffer in = ByteBuffer.allocate(INITIAL);
    private int start;
    /** The decoder's hint: no request can complete before the buffer reaches this index. */
    private int needed;
    /** Whether an incomplete request begins at {@code start}. */
    private boolean partial;
    /** When its first byte arrived ({@link Time#nanoTime()}); meaningful while {@code partial}. */
    private long partialSince;

    ConnectionState(Dispatcher dispatcher, Session session, dev.weft.examples.redis.resp.RespLimits limits) {
        this.dispatcher = dispatcher;
        this.session = session;
        this.decoder = new RespDecoder(limits);
    }

    /** @return the buffer to read into, with room for at least one byte */
    ByteBuffer readSpace() {
        if (in.hasRemaining()) return in;
        if (start > 0) { // move the incomplete request to the front
            in.flip().position(start);
            in.compact();
            needed -= start;
            start = 0;
            if (in.hasRemaining()) return in;
        }
        long max = (long) decoder.limits().maxRequestBytes() + INITIAL;
        long want = Math.min(Math.max(2L * in.capacity(), needed), Math.max(max, in.capacity() + 1L));
        ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(want, Integer.MAX_VALUE - 8));
        bigger.put(in.flip());
        in = bigger;
        return in;
    }

    /**
     * Decodes and runs every complete request received, writing the replies into {@link #out()}.
     *
     * @return what to do next
     */
    Step process() {
        byte[] a = in.array();
        int end = in.position();
        boolean completed = false;
        Step step = Step.READ;
        while (start < end && end >= needed) {
            byte[][] args;
            try {
                args = decoder.decodeRequest(a, start, end);
            } catch (RespProtocolException e) {
                out.error("ERR Protocol error: " + e.getMessage());
                return Step.CLOSE;
            }
            if (args == null) {
                needed = decoder.needed();
                break;
            }
            start += decoder.consumed();
            needed = 0;
            completed = true;
            if (args.length > 0) dispatcher.execute(args, session, out);
            if (session.closing()) return Step.CLOSE;
            if (out.size() >= FLUSH_AT) {
                step = Step.FLUSH;
                break;
            }
        }
        if (start == end) {
            start = 0;
            needed = 0;
            if (in.capacity() > 4 * INITIAL) in = ByteBuffer.allocate(INITIAL);
            else in.clear();
        }
        if (completed || start == in.position()) partial = false;
        if (start < in.position() && !partial) {
            partial = true;
            partialSince = Time.nanoTime();
        }
        return step;
    }

    /** @return whether an incomplete request is buffered */
    boolean partial() {
        return partial;
    }

    /** @return when the incomplete request buffered began to arrive ({@link Time#nanoTime()}); meaningful while {@link #partial()} */
    long partialSince() {
        return partialSince;
    }

    /** @return how many bytes the input buffer holds now (for the memory bound's tests) */
    int inputCapacity() {
        return in.capacity();
    }

    /** @return the replies to write */
    RespWriter out() {
        return out;
    }

    /** @return the connection's session */
    Session session() {
        return session;
    }

    /** Ends the session (its subscriptions). */
    @Override
    public void close() {
        session.close();
    }
}
