package dev.weft.future;

/**
 * The output of {@link Future#select(java.util.List)}: which future finished first and its output.
 *
 * {@snippet :
 * Selected<String> s = dev.weft.Weft.await(
 *         Future.select(java.util.List.of(Future.pending(), Future.ready("b"))));
 * int i = s.index();     // 1
 * String v = s.value();  // "b"
 * }
 *
 * @param index the position of the winning future in the list given to {@code select}
 * @param value its output
 * @param <T> the output type
 */
public record Selected<T>(int index, T value) {}
