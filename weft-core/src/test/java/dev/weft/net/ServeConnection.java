package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import java.util.Map;

/**
 * The test echo server's connection task: {@code copy(stream, stream)}, then shut the output down
 * and close; records the outcome (bytes echoed, or the exception) under the connection's id.
 */
final class ServeConnection implements Future<Void> {
    private final int id;
    private final TcpStream s;
    private final Map<Integer, Object> outcomes;
    private final Future<Long> copy;
    private long echoed = -1;

    ServeConnection(int id, TcpStream s, Map<Integer, Object> outcomes) {
        this.id = id;
        this.s = s;
        this.outcomes = outcomes;
        this.copy = AsyncIo.copy(s, s);
    }

    @Override
    public Poll<Void> poll(Context cx) throws Exception {
        try {
            if (echoed < 0) {
                Poll<Long> p = copy.poll(cx);
                if (!(p instanceof Poll.Ready<Long>(Long n))) return Poll.pending();
                echoed = n;
            }
            if (s.pollShutdown(cx).isPending()) return Poll.pending();
            s.close();
            outcomes.put(id, echoed);
        } catch (Exception e) {
            s.close();
            outcomes.put(id, e);
        }
        return Poll.ready(null);
    }

    @Override
    public void cancel() {
        try {
            s.close();
        } catch (java.io.IOException e) {
            outcomes.put(id, e);
        }
    }
}
