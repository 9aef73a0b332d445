package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.future.Future;

/** A static initializer that awaits: refused. */
final class StaticInitAwait {
    static final int VALUE = await(Future.ready(4)); // refused: static initializer

    private StaticInitAwait() {}
}
