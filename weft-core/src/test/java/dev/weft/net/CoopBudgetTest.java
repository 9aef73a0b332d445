package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CoopBudgetTest {

    @Test
    @Timeout(30)
    void aSocketReadWithDataReadyYieldsWhenTheBudgetIsSpentAndSpendsOneUnitOtherwise() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            await(b.writeAll(new byte[] {1, 2, 3, 4}, 0, 4));
            CountingWaker w = new CountingWaker();
            ByteBuffer dst = ByteBuffer.allocate(1);
            try {
                Coop.reset();
                while (Coop.remaining() > 0) Coop.proceed(w.cx);
                assertTrue(a.pollRead(w.cx, dst).isPending(), "spent budget: the read yields");
                assertEquals(1, w.wakes.get(), "and wakes its task to run again later");
                assertEquals(0, dst.position(), "without consuming bytes");
                assertEquals(0, a.waiterCount(), "a yield is not a wait for readiness");
                Coop.reset();
                Poll<Integer> p = Poll.pending();
                while (p.isPending()) p = a.pollRead(w.cx, dst); // the bytes may still be in flight
                assertEquals(Poll.ready(1), p);
                assertEquals(Coop.BUDGET - 1, Coop.remaining(), "a completed read spends one unit");
            } finally {
                Coop.unlimited();
            }
        }
    }
}
