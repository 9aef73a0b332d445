package dev.weft.future;

/**
 * The output of {@link Future#join(Future, Future)}: both outputs, in argument order.
 *
 * {@snippet :
 * Pair<Integer, String> p = dev.weft.Weft.await(Future.join(Future.ready(1), Future.ready("a")));
 * int n = p.first();      // 1
 * String s = p.second();  // "a"
 * }
 *
 * @param first the output of the first future
 * @param second the output of the second future
 * @param <A> the first output type
 * @param <B> the second output type
 */
public record Pair<A, B>(A first, B second) {}
