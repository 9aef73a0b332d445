/**
 * The base layer: {@link dev.weft.future.Future}, {@link dev.weft.future.Poll},
 * {@link dev.weft.future.Waker}, {@link dev.weft.future.Context}, the combinators and streams.
 *
 * <p>Implementation overview: every combinator is a small final class named after its factory
 * method ({@code map()} returns a {@code Map}); each forwards {@code cancel()} to the children it
 * has not finished and never polls a child after it completed or was cancelled.
 */
package dev.weft.future;
