package dev.weft.bench.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.File;
import java.net.InetSocketAddress;

/**
 * The Netty peer of the HTTPS benchmark ({@code weft-bench/https-vs-netty}): {@link NettyHttpServer}'s
 * pipeline behind an {@code SslHandler} of the JDK's provider (the same {@code SSLEngine} Weft's TLS
 * uses), on the native epoll transport when Netty's is available (else NIO), one event loop per
 * available processor for accepting and for the connections, as Netty's users run it. Prints
 * {@code listening on 127.0.0.1:<port>}.
 *
 * <pre>
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.http.NettyHttpsServer cert.pem key.pem 8443
 * </pre>
 */
public final class NettyHttpsServer {
    private NettyHttpsServer() {}

    /**
     * @param args the PEM certificate chain, the PKCS#8 PEM key, and the port (default 0: any free port)
     * @throws Exception if the files cannot be read or the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: NettyHttpsServer CERT.pem KEY.pem [PORT]");
            System.exit(2);
        }
        SslContext tls = SslContextBuilder.forServer(new File(args[0]), new File(args[1])).sslProvider(SslProvider.JDK).build();
        int port = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        int threads = Runtime.getRuntime().availableProcessors();
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(threads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        try {
            ChannelFuture f = new ServerBootstrap()
                    .group(loops)
                    .channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()), new FlushConsolidationHandler(256, true),
                                    new HttpServerCodec(), new NettyHttpServer.Hello());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", port))
                    .sync();
            int bound = ((InetSocketAddress) f.channel().localAddress()).getPort();
            System.out.println("listening on 127.0.0.1:" + bound + (epoll ? " (epoll)" : " (nio)"));
            f.channel().closeFuture().sync();
        } finally {
            loops.shutdownGracefully();
        }
    }
}
