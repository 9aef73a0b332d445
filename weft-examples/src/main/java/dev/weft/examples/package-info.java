/**
 * Weft's examples, written as a user of Weft writes them: the demo ({@link dev.weft.examples.Demo}),
 * four servers ({@code echo}, {@code redis}, {@code http}, {@code chat}, started by
 * {@code weft-examples/run NAME}) and the fan-out of {@code fetch}.
 *
 * <h2>How a server is built, and how it stops</h2>
 * Each server is one task that owns everything it starts, so that nothing of it outlives it:
 * <pre>
 * the server's task      Accepting.serve: accepts until its Shutdown begins
 *   connections          a TaskTracker (a task scope): one task per connection
 *     connection         woven Weft.async body; an HTTP connection owns a task scope in turn,
 *       (its scope)      for what its handlers spawn into TaskScope.current()
 * </pre>
 * {@link dev.weft.examples.Shutdown#begin(java.time.Duration)} (what the servers'
 * {@code shutdown(grace)} call, and their {@code main}s on Ctrl-C or SIGTERM with
 * {@link dev.weft.examples.Shutdown#ON_EXIT} of grace) cancels the shutdown's
 * {@link dev.weft.scope.CancellationToken}: the accept loop, which runs until it
 * ({@code runUntilCancelled}), stops and closes the listener, so connects are refused; each
 * connection watches the same token and ends once nothing is in flight on it (an idle one at
 * once, without allocating per read: it listens through one future for its whole life). Then the
 * loop shuts the tracker down: the connections alive get the grace, those still alive after it
 * are cancelled at their pending await, and the server's task completes once every connection
 * task has ended, its {@code finally} blocks and its scope's children included.
 *
 * {@snippet :
 * try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.all(null).build())) {
 *     Task<Long> stopped = server.shutdown(Duration.ofSeconds(5)); // requests in flight get 5 s
 *     Weft.blockOn(stopped);                                        // no connection task is left
 * }
 * }
 *
 * <p>What "in flight" means is each protocol's: echo has no requests, so a connection is in flight
 * until its client half-closes; a Redis connection answers every request it has read whole (and
 * awaits one half received), then shuts its output and closes; an HTTP connection answers the
 * request being handled with {@code Connection: close}, then closes.
 */
package dev.weft.examples;
