package dev.weft.bench.echo;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;

/**
 * W6's Netty peers: the classic echo handler on the NIO or the native epoll transport, one
 * acceptor thread and 2 I/O threads. Prints {@code ... on 127.0.0.1:PORT}.
 *
 * <pre>
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.echo.NettyEchoServer epoll 7000
 * </pre>
 */
public final class NettyEchoServer {
    private NettyEchoServer() {}

    /** Writes back what it reads; flushes once per read batch. */
    @ChannelHandler.Sharable
    static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    public static void main(String[] args) throws Exception {
        String transport = args.length > 0 ? args[0] : "nio";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        IoHandlerFactory io;
        Class<? extends ServerChannel> channel;
        if (transport.equals("epoll")) {
            Epoll.ensureAvailability();
            io = EpollIoHandler.newFactory();
            channel = EpollServerSocketChannel.class;
        } else if (transport.equals("nio")) {
            io = NioIoHandler.newFactory();
            channel = NioServerSocketChannel.class;
        } else {
            throw new IllegalArgumentException("transport must be nio or epoll: " + transport);
        }
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(2, io);
        try {
            Echo echo = new Echo();
            ChannelFuture f = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(echo)
                    .bind(new InetSocketAddress("127.0.0.1", port))
                    .sync();
            int bound = ((InetSocketAddress) f.channel().localAddress()).getPort();
            System.out.println("netty-" + transport + " echo server on 127.0.0.1:" + bound);
            f.channel().closeFuture().sync();
        } finally {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
        }
    }
}
