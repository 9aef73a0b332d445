package dev.weft.examples.http;

import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Routes a request by method and path: exact paths first, then the longest matching prefix.
 * A path no route covers is answered {@code 404}; a covered path without a route for the method is
 * answered {@code 405} with {@code Allow} listing the methods it has. {@code HEAD} is served by a
 * path's {@code GET} route unless it has a {@code HEAD} route of its own.
 *
 * {@snippet :
 * Router router = Router.builder()
 *         .route("GET", "/plaintext", r -> Future.ready(Response.text(200, "Hello, World!")))
 *         .prefix("GET", "/static/", StaticFiles.serve(Path.of("www"), "/static/"))
 *         .build();
 * }
 */
public final class Router implements Handler {
    private static final Future<Response> NOT_FOUND = Future.ready(Response.text(404, "not found"));

    private final Map<String, Map<String, Handler>> exact;
    private final List<Map.Entry<String, Map<String, Handler>>> prefixes;
    private final Map<Map<String, Handler>, Future<Response>> notAllowed = new HashMap<>();

    private Router(Map<String, Map<String, Handler>> exact, Map<String, Map<String, Handler>> prefixes) {
        this.exact = exact;
        List<Map.Entry<String, Map<String, Handler>>> p = new ArrayList<>(prefixes.entrySet());
        p.sort(Comparator.comparingInt((Map.Entry<String, Map<String, Handler>> e) -> e.getKey().length()).reversed());
        this.prefixes = p;
        for (Map<String, Handler> methods : exact.values()) notAllowed.put(methods, methodNotAllowed(methods));
        for (Map<String, Handler> methods : prefixes.values()) notAllowed.put(methods, methodNotAllowed(methods));
    }

    /** @return a builder without routes */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Future<Response> handle(Request request) throws Exception {
        String path = request.path();
        Map<String, Handler> methods = exact.get(path);
        if (methods == null) {
            for (Map.Entry<String, Map<String, Handler>> e : prefixes) {
                if (path.startsWith(e.getKey())) {
                    methods = e.getValue();
                    break;
                }
            }
        }
        if (methods == null) return NOT_FOUND;
        Handler h = methods.get(request.method());
        if (h == null && request.isHead()) h = methods.get("GET");
        if (h == null) return notAllowed.get(methods);
        return h.handle(request);
    }

    private static Future<Response> methodNotAllowed(Map<String, Handler> methods) {
        TreeSet<String> allow = new TreeSet<>(methods.keySet());
        if (allow.contains("GET")) allow.add("HEAD");
        return Future.ready(Response.text(405, "method not allowed").withHeader("Allow", String.join(", ", allow)));
    }

    /** Collects routes; {@link #build()} freezes them. Not thread-safe. */
    public static final class Builder {
        private final Map<String, Map<String, Handler>> exact = new LinkedHashMap<>();
        private final Map<String, Map<String, Handler>> prefixes = new LinkedHashMap<>();

        private Builder() {}

        /**
         * @param method the method, e.g. {@code GET}
         * @param path the exact path, starting with {@code /}
         * @param handler what answers
         * @return this builder
         * @throws IllegalArgumentException if the path does not start with {@code /}, the method is
         *     no token, or the route exists already
         */
        public Builder route(String method, String path, Handler handler) {
            add(exact, method, path, handler);
            return this;
        }

        /**
         * @param method the method, e.g. {@code GET}
         * @param prefix a path prefix, starting with {@code /}; the longest matching prefix wins
         * @param handler what answers every path under the prefix
         * @return this builder
         * @throws IllegalArgumentException as {@link #route}
         */
        public Builder prefix(String method, String prefix, Handler handler) {
            add(prefixes, method, prefix, handler);
            return this;
        }

        /** @return the router */
        public Router build() {
            Map<String, Map<String, Handler>> e = new HashMap<>();
            exact.forEach((k, v) -> e.put(k, Map.copyOf(v)));
            Map<String, Map<String, Handler>> p = new LinkedHashMap<>();
            prefixes.forEach((k, v) -> p.put(k, Map.copyOf(v)));
            return new Router(e, p);
        }

        private static void add(Map<String, Map<String, Handler>> table, String method, String path, Handler handler) {
            if (!path.startsWith("/")) throw new IllegalArgumentException("path must start with /: " + path);
            if (method.isEmpty() || !method.chars().allMatch(c -> c < 0x80 && Syntax.isTokenChar((byte) c))) {
                throw new IllegalArgumentException("method must be a token: " + method);
            }
            if (handler == null) throw new NullPointerException("handler");
            Map<String, Handler> methods = table.computeIfAbsent(path, k -> new LinkedHashMap<>());
            if (methods.putIfAbsent(method, handler) != null) {
                throw new IllegalArgumentException("route exists already: " + method + " " + path);
            }
        }
    }
}
