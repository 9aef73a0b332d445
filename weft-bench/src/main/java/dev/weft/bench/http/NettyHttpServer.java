package dev.weft.bench.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The Netty peer of the HTTP benchmark: {@link HttpServerCodec}, keep-alive, and the same
 * {@code GET /plaintext} answer as Weft's example server ({@code Hello, World!} as
 * {@code text/plain} with {@code Server} and a once-a-second {@code Date}); flushes once per read
 * batch ({@link FlushConsolidationHandler}). On the transport named by the second argument:
 * {@code nio} (the default), {@code epoll} (Netty's native epoll) or {@code io_uring} (Netty's
 * io_uring); one I/O thread per available processor. Prints {@code listening on 127.0.0.1:<port>}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp weft-bench/target/weft-bench.jar dev.weft.bench.http.NettyHttpServer 8081 epoll
 * </pre>
 */
public final class NettyHttpServer {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain");
    private static final AsciiString SERVER = AsciiString.cached("netty");
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH);

    private NettyHttpServer() {}

    /** Answers each request head; bodies (none in the benchmark) are dropped. */
    static final class Hello extends SimpleChannelInboundHandler<Object> {
        private long second;
        private AsciiString date;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof HttpRequest request)) return;
            boolean found = request.uri().equals("/plaintext");
            ByteBuf body = found ? Unpooled.wrappedBuffer(HELLO) : Unpooled.EMPTY_BUFFER;
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    found ? HttpResponseStatus.OK : HttpResponseStatus.NOT_FOUND, body);
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                    .set(HttpHeaderNames.SERVER, SERVER)
                    .set(HttpHeaderNames.DATE, date())
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            if (!keepAlive) {
                r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(r).addListener(io.netty.channel.ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(r); // FlushConsolidationHandler makes this one flush per read batch
            }
        }

        private AsciiString date() {
            long now = System.currentTimeMillis() / 1000;
            if (date == null || now != second) {
                second = now;
                date = new AsciiString(IMF_FIXDATE.format(ZonedDateTime.now(ZoneOffset.UTC)));
            }
            return date;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /**
     * @param args the port (default 0: any free port), then the transport: {@code nio} (default),
     *     {@code epoll} or {@code io_uring}
     * @throws Exception if the port cannot be bound, or the transport is not available here
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        String transport = args.length > 1 ? args[1] : "nio";
        IoHandlerFactory io = switch (transport) {
            case "nio" -> NioIoHandler.newFactory();
            case "epoll" -> {
                Epoll.ensureAvailability();
                yield EpollIoHandler.newFactory();
            }
            case "io_uring" -> {
                IoUring.ensureAvailability();
                yield IoUringIoHandler.newFactory();
            }
            default -> throw new IllegalArgumentException("transport: nio, epoll or io_uring, not " + transport);
        };
        Class<? extends ServerChannel> channel = switch (transport) {
            case "epoll" -> EpollServerSocketChannel.class;
            case "io_uring" -> IoUringServerSocketChannel.class;
            default -> NioServerSocketChannel.class;
        };
        int threads = Runtime.getRuntime().availableProcessors();
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(threads, io);
        try {
            ChannelFuture f = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new FlushConsolidationHandler(256, true), new HttpServerCodec(), new Hello());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", port))
                    .sync();
            int bound = ((InetSocketAddress) f.channel().localAddress()).getPort();
            System.out.println("listening on 127.0.0.1:" + bound);
            f.channel().closeFuture().sync();
        } finally {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
        }
    }
}
