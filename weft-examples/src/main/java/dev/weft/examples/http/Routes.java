package dev.weft.examples.http;

import dev.weft.future.Future;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The example server's routes: TechEmpower's plaintext and JSON tests, and a few that show the
 * other features (a chunked answer, an echo of the request body, static files).
 *
 * {@snippet :
 * Router router = Routes.all(Path.of("www")).build();
 * // GET /plaintext -> "Hello, World!" (text/plain), GET /json -> {"message":"Hello, World!"}
 * }
 */
public final class Routes {
    private static final Future<Response> PLAINTEXT = Future.ready(
            Response.of(200, "text/plain", "Hello, World!".getBytes(StandardCharsets.US_ASCII)));
    private static final Future<Response> JSON = Future.ready(
            Response.of(200, "application/json", "{\"message\":\"Hello, World!\"}".getBytes(StandardCharsets.US_ASCII)));
    private static final Future<Response> CHUNKED = Future.ready(Response.chunked(200, "text/plain; charset=utf-8",
            List.of("Hello, ".getBytes(StandardCharsets.UTF_8), "chunked ".getBytes(StandardCharsets.UTF_8),
                    "World!\n".getBytes(StandardCharsets.UTF_8))));

    private Routes() {}

    /** @return a builder with {@code GET /plaintext} and {@code GET /json} (TechEmpower's tests) */
    public static Router.Builder techEmpower() {
        return Router.builder()
                .route("GET", "/plaintext", r -> PLAINTEXT)
                .route("GET", "/json", r -> JSON);
    }

    /**
     * @param staticDir the directory served under {@code /static/}, or null for none
     * @return TechEmpower's routes plus {@code GET /chunked} (a chunked answer), {@code POST /echo}
     *     (answers the request body) and, with a directory, {@code GET /static/...}
     */
    public static Router.Builder all(Path staticDir) {
        Router.Builder b = techEmpower()
                .route("GET", "/chunked", r -> CHUNKED)
                .route("POST", "/echo", r -> Future.ready(Response.of(200, "application/octet-stream", r.body())));
        if (staticDir != null) b.prefix("GET", "/static/", StaticFiles.serve(staticDir, "/static/"));
        return b;
    }
}
