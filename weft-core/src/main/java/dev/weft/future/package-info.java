/**
 * The base layer: {@link dev.weft.future.Future}, {@link dev.weft.future.Poll},
 * {@link dev.weft.future.Waker}, {@link dev.weft.future.Context}, the combinators, streams,
 * {@link dev.weft.future.FuturesUnordered} and the bridge from a {@code CompletionStage}
 * ({@link dev.weft.future.Future#fromStage}; the bridge to a {@code CompletableFuture} runs the
 * future somewhere, so it is the executors', {@code dev.weft.exec.Completions}).
 *
 * <p>Implementation overview for maintainers:
 * <ul>
 *   <li>Every combinator is a small package-private final class named after its factory method
 *       ({@code map()} returns a {@code Map}, {@code race()} a {@code Race}; stream adapters are
 *       {@code AsyncStreamMap}, {@code AsyncStreamFilter}, {@code AsyncStreamTake}). Each forwards
 *       {@code cancel()} exactly once to the children it has not finished and never polls a child
 *       after it completed, threw or was cancelled; the usual way to remember is to null the
 *       child's field. Children's exceptions pass on as the same object; {@code Cancels} makes
 *       sure a throwing {@code cancel()} neither stops the other cancels nor hides the first
 *       failure.</li>
 *   <li>Combinators over few children ({@code join}, {@code then}) poll them with the parent's
 *       context. Combinators over many ({@code joinAll}, {@code select}, {@code race}) run their
 *       children in a {@code FuturesUnordered}: each child has its own waker that puts it on an
 *       intrusive MPSC ready queue, so a poll costs O(children woken). Its class comment holds the
 *       state table.</li>
 *   <li>{@code FromStage} is the only other class with cross-thread state (a completion callback
 *       racing the poller); its class comment says how no wake is lost.</li>
 *   <li>This package imports nothing of Weft: it is the bottom layer. A runtime's task is its own
 *       context and waker through {@code dev.weft.future.internal.SelfWakingContext}.</li>
 * </ul>
 */
package dev.weft.future;
