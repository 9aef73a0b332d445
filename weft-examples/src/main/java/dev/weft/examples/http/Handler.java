package dev.weft.examples.http;

import dev.weft.future.Future;

/**
 * What answers a request: a future of the response, so a handler may await files, timers or
 * other connections ({@code Weft.async}), or answer at once ({@code Future.ready}).
 *
 * {@snippet :
 * Response hello = Response.text(200, "hello");
 * Handler h = request -> Future.ready(hello);
 * }
 *
 * <p>A handler that throws, or whose future fails, gets a {@code 500} answer and its connection
 * closed; the server and its other connections go on.
 *
 * <p>The future runs inside its connection's task scope: a task it spawns with
 * {@code TaskScope.current().spawn(f)} belongs to the connection, which cancels it and waits for
 * it when it ends (a plain {@code Task.spawn} belongs to nobody). A server's graceful shutdown
 * lets a handler finish within the grace; past it, the handler is cancelled at its pending await.
 */
@FunctionalInterface
public interface Handler {
    /**
     * @param request the decoded request, body included
     * @return the future of the answer
     * @throws Exception if the handler fails at once (answered with 500)
     */
    Future<Response> handle(Request request) throws Exception;
}
