/**
 * The peers of the HTTP benchmark ({@code weft-bench/http-vs-weft}): a Netty HTTP hello server and
 * a JDK virtual-thread server, both answering {@code GET /plaintext} as Weft's example server
 * ({@code dev.weft.examples.http.HttpMain}) does.
 */
package dev.weft.bench.http;
