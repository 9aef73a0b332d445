/**
 * Asynchronous byte streams: {@link dev.weft.io.AsyncRead}, {@link dev.weft.io.AsyncWrite} and
 * their helpers.
 */
package dev.weft.io;
