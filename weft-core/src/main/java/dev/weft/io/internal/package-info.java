/**
 * What the byte streams of {@code dev.weft.io} and the codecs of {@code dev.weft.io.codec} share
 * and do not export: the decoding of a line's bytes into text ({@code LineText}) and the loop that
 * hands a write buffer to a writer ({@code Drain}).
 */
package dev.weft.io.internal;
