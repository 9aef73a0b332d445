package dev.weft.examples.training;

import dev.weft.Weft;
import dev.weft.examples.chat.ChatConfig;
import dev.weft.examples.chat.ChatServer;
import dev.weft.examples.echo.WovenEchoServer;
import dev.weft.examples.http.HttpServer;
import dev.weft.examples.http.Routes;
import dev.weft.examples.redis.RedisConfig;
import dev.weft.examples.redis.RedisServer;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Function;

/**
 * One example server started for a training run: its port, a graceful stop and a close.
 *
 * {@snippet :
 * try (TrainedServer s = TrainedServer.start("redis")) {
 *     TrainingClient.drive("redis", s.port(), 16, Duration.ofSeconds(3));
 *     s.stop(Duration.ofSeconds(1));
 * }
 * }
 *
 * @param port the port on 127.0.0.1
 * @param shutdown begins the server's graceful shutdown with a grace, and returns its task
 * @param closer closes what the server holds
 */
record TrainedServer(int port, Function<Duration, Task<Long>> shutdown, AutoCloseable closer) implements AutoCloseable {

    static TrainedServer start(String name) throws IOException {
        InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
        return switch (name) {
            case "echo" -> {
                WovenEchoServer s = WovenEchoServer.start(any);
                yield new TrainedServer(s.port(), s::shutdown, s);
            }
            case "redis" -> {
                RedisServer s = RedisServer.start(RedisConfig.onPort(0));
                yield new TrainedServer(s.port(), s::shutdown, s);
            }
            case "http" -> {
                HttpServer s = HttpServer.start(any, Routes.all(null).build());
                yield new TrainedServer(s.port(), s::shutdown, s);
            }
            case "chat" -> {
                ChatServer s = ChatServer.start(ChatConfig.onPort(0));
                yield new TrainedServer(s.port(), s::shutdown, s);
            }
            default -> throw new IllegalArgumentException("no example server named " + name + " (echo, redis, http, chat)");
        };
    }

    /** Shuts the server down gracefully and waits until every connection task has ended. */
    void stop(Duration grace) {
        Weft.blockOn(shutdown.apply(grace));
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
