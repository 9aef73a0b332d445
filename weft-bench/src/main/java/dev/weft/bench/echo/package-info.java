/**
 * W6 echo: the load generator and the peer servers (virtual threads, Netty NIO and epoll); Weft's
 * server is the echo example's. {@link dev.weft.bench.workload.W6Echo} runs them.
 */
package dev.weft.bench.echo;
