package com.example.app;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.net.TcpListener;

/** Runs the echo server on 127.0.0.1 (port 7000, or the first argument) until the process ends. */
public final class Main {
    private Main() {}

    /** @param args the port, optional */
    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7000;
        Weft.run(Weft.async(() -> {
            TcpListener listener = TcpListener.bind("127.0.0.1", port);
            System.out.println("echo server listening on " + listener.localAddress());
            return await(EchoServer.serve(listener));
        }));
    }
}
