package dev.weft.examples.http;

import dev.weft.examples.Transport;
import dev.weft.examples.fuzz.Chunked;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * Test transport: the client's bytes come from a script, each read taking the next piece (its
 * size from {@code pieceSize}, or up to the next chunk end of a fuzz input), then end of stream;
 * what the server writes is collected, one entry per write. Every operation is ready at once, so a connection over it runs to its end in one
 * {@code Weft.blockOn} without sockets or timers firing.
 */
final class ScriptedTransport implements Transport {
    private final byte[] input;
    /** The size of a read, from its index and where it starts. */
    private final IntBinaryOperator pieceSize;
    private int at;
    private int reads;
    private final List<byte[]> writes = new ArrayList<>();
    private boolean outputShut;
    private boolean closed;

    ScriptedTransport(byte[] input, IntUnaryOperator pieceSize) {
        this(input, (read, at) -> pieceSize.applyAsInt(read));
    }

    /** Each read ends at the next chunk end of {@code input} (or sooner, where the buffer is full). */
    ScriptedTransport(Chunked input) {
        this(input.bytes(), (read, at) -> input.chunkEnd(at) - at);
    }

    private ScriptedTransport(byte[] input, IntBinaryOperator pieceSize) {
        this.input = input;
        this.pieceSize = pieceSize;
    }

    ScriptedTransport(String input) {
        this(Feed.ascii(input), read -> Integer.MAX_VALUE);
    }

    @Override
    public IoFuture<Integer> read(ByteBuffer dst) {
        return cx -> {
            if (closed) throw new java.io.IOException("closed");
            if (at == input.length) return Poll.ready(-1);
            int n = Math.min(Math.min(Math.max(1, pieceSize.applyAsInt(reads++, at)), dst.remaining()), input.length - at);
            dst.put(input, at, n);
            at += n;
            return Poll.ready(n);
        };
    }

    @Override
    public IoFuture<Void> writeAll(ByteBuffer src) {
        return cx -> {
            if (closed || outputShut) throw new java.io.IOException("output closed");
            byte[] b = new byte[src.remaining()];
            src.get(b);
            writes.add(b);
            return Poll.ready(null);
        };
    }

    @Override
    public void shutdownOutput() {
        outputShut = true;
    }

    @Override
    public void close() {
        closed = true;
    }

    boolean closed() {
        return closed;
    }

    List<byte[]> writes() {
        return writes;
    }

    long written() {
        long n = 0;
        for (byte[] w : writes) n += w.length;
        return n;
    }

    String output() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] w : writes) all.writeBytes(w);
        return Feed.text(all.toByteArray());
    }
}
