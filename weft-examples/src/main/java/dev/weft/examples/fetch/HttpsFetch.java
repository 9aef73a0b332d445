package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The README's recipe for HTTPS clients: Weft has no HTTP client of its own, so a woven body
 * awaits the JDK's {@link HttpClient} through the {@code CompletionStage} bridge
 * ({@link Future#fromStage}). The client's own threads do the I/O and the TLS; the body's worker
 * is free until the response completes the stage, which wakes the task.
 *
 * {@snippet :
 * HttpClient client = HttpClient.newBuilder().sslContext(TlsContexts.trusting(Path.of("cert.pem"))).build();
 * String body = Weft.run(HttpsFetch.body(client, URI.create("https://localhost:8443/plaintext")));
 * }
 */
public final class HttpsFetch {
    private HttpsFetch() {}

    /**
     * @param client the JDK's client (its trust, redirects, HTTP version)
     * @param uri what to GET
     * @return a future of the response's body as text; fails with the client's
     *     {@link java.io.IOException} (a certificate refused: {@code javax.net.ssl.SSLHandshakeException})
     */
    public static Future<String> body(HttpClient client, URI uri) {
        return Weft.async(() -> {
            HttpRequest request = HttpRequest.newBuilder(uri).build();
            HttpResponse<String> response = await(Future.fromStage(client.sendAsync(request, HttpResponse.BodyHandlers.ofString())));
            return response.body();
        });
    }
}
