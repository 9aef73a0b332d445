package dev.weft.examples.snippets;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.FallibleStream;
import dev.weft.future.Future;
import dev.weft.exec.WeftRuntime;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsStream;
import dev.weft.scope.TaskScope;
import dev.weft.sim.SimNet;
import dev.weft.sim.SimRuntime;
import dev.weft.sync.Broadcast;
import dev.weft.sync.BroadcastReceiver;
import dev.weft.sync.Channel;
import dev.weft.sync.Event;
import dev.weft.sync.Mutex;
import dev.weft.sync.RwLock;
import dev.weft.sync.Sender;
import dev.weft.task.Task;
import dev.weft.io.AsyncWrite;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLContext;

/**
 * The names the Javadoc examples use without declaring them, with the types their prose gives
 * them. Never run: only compiled, as the superclass of each example.
 */
@SuppressWarnings("unused")
abstract class SnippetNames {
    // a runtime, and what a program around an example has at hand
    WeftRuntime rt;
    WeftRuntime runtime;
    Context cx;
    Path path;
    File file;
    Process process;
    byte[] bytes;
    byte[] buf;
    PreparedStatement statement;
    static final byte[] GOODBYE = {};

    // sockets, streams and the bytes that go over them
    TcpStream socket;
    TcpStream conn;
    TcpListener listener;
    InetSocketAddress addr;
    InetSocketAddress peer;
    ByteBuffer head;
    ByteBuffer body;
    AsyncWrite sink;
    FallibleStream<String, IOException> lines;
    AsyncStream<String> stream;
    Flow.Publisher<ByteBuffer> bodyPublisher;
    List<String> seen;
    int count;
    int counter;

    // TLS: a stream, a server's acceptor, and contexts chosen by name
    TlsStream tls;
    TlsAcceptor acceptor;
    SSLContext fallback;
    SSLContext api;

    // tasks, scopes, channels and locks
    Future<Void> server;
    Task<Void> acceptLoop;
    Task<?> loser;
    TaskScope<Object, Void> scope;
    TaskScope<Object, Void> connections;
    List<String> urls;
    Channel<String> channel;
    Broadcast<String> b;
    BroadcastReceiver<String> rx;
    String update;
    Sender<Message> tx;
    Message msg;
    Event event;
    Mutex mutex;
    RwLock lock;

    // the simulator
    SimRuntime sim;
    SimNet net;
    Throwable failure;
    MyServer myServer;
    MyService myService;

    record Message(String text) {}

    record Request(String id) {}

    record Response(int status) {}

    interface MyServer {
        Future<Void> serve(int port);
    }

    interface MyService {
        Future<Void> scenario();
    }

    Future<Void> server() { return Future.ready(null); }

    Future<Void> serve(TcpStream connection) { return Future.ready(null); }

    Future<Void> serve(TcpListener listener) { return Future.ready(null); }

    void serve() {}

    void handle(TcpStream connection) {}

    Future<String> fetch(String url) { return Future.ready(url); }

    Future<Integer> count(String what) { return Future.ready(what.length()); }

    Future<Void> audit(Request request) { return Future.ready(null); }

    Response respond(Request request) { return new Response(200); }

    void log(String line) {}

    int helper() { return 2; }

    boolean conditionHolds() { return true; }

    void update() {}

    void look() {}

    void change() {}

    void startWork(Runnable done) {}
}
