package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.future.Future;

/** A constructor that awaits: refused. */
final class ConstructorAwait {
    final int value;

    ConstructorAwait() {
        value = await(Future.ready(3)); // refused: constructor
    }
}
