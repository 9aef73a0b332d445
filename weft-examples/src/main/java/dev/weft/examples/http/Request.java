package dev.weft.examples.http;

/**
 * One decoded HTTP/1.x request, body included (de-chunked if it came chunked).
 *
 * {@snippet :
 * Handler echoBody = request -> Future.ready(Response.of(200, "application/octet-stream", request.body()));
 * }
 *
 * @param method the method, e.g. {@code GET}
 * @param target the request target as sent, e.g. {@code /search?q=weft}
 * @param minorVersion {@code 0} for HTTP/1.0, {@code 1} for HTTP/1.1 (and later 1.x)
 * @param headers the header fields
 * @param body the body, empty if there was none
 * @param trailers the trailer fields of a chunked body (empty otherwise)
 * @param keepAlive whether the connection stays open after the answer (HTTP/1.1 unless
 *     {@code Connection: close}; HTTP/1.0 only with {@code Connection: keep-alive})
 */
public record Request(String method, String target, int minorVersion, Headers headers, byte[] body,
        Headers trailers, boolean keepAlive) {

    /** @return the target without its query, e.g. {@code /search} */
    public String path() {
        int q = target.indexOf('?');
        return q < 0 ? target : target.substring(0, q);
    }

    /** @return the query after {@code ?}, or {@code null} if there is none */
    public String query() {
        int q = target.indexOf('?');
        return q < 0 ? null : target.substring(q + 1);
    }

    /** @return whether this is a {@code HEAD} request: its answer has no body */
    public boolean isHead() {
        return method.equals("HEAD");
    }

    @Override
    public String toString() {
        return method + " " + target + " HTTP/1." + minorVersion + " (" + body.length + " body bytes)";
    }
}
