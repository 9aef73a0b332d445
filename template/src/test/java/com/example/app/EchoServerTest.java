package com.example.app;

import static dev.weft.Weft.await;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.sim.SimHost;
import dev.weft.sim.SimNet;
import dev.weft.test.WeftTest;

/** The server and its clients on the simulated network: one thread, virtual time, no real socket. */
class EchoServerTest {

    @WeftTest
    void echoesWhatEachClientSends(SimNet net) {
        SimHost server = net.host("server");
        TcpListener listener = await(server.spawn(Weft.async(() -> TcpListener.bind("0.0.0.0", 7000))));
        server.spawn(EchoServer.serve(listener)).detach();

        assertEquals("hello", await(net.host("client-1").spawn(roundTrip("hello"))));
        assertEquals("again", await(net.host("client-2").spawn(roundTrip("again"))));
    }

    /** Connects to the server, sends {@code text}, and reads as many bytes back. */
    private static Future<String> roundTrip(String text) {
        return Weft.async(() -> {
            try (TcpStream s = await(TcpStream.connect("server", 7000))) {
                byte[] out = text.getBytes(US_ASCII);
                await(s.writeAll(out, 0, out.length));
                byte[] back = new byte[out.length];
                await(s.readExact(back, 0, back.length));
                return new String(back, US_ASCII);
            }
        });
    }
}
