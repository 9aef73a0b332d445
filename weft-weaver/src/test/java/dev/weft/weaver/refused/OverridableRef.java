package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A method reference to an overridable method: left stackful with a warning (weaving it would bypass overrides). */
class OverridableRef {
    Future<Integer> body() {
        return Weft.async(this::compute); // overridable method reference
    }

    Integer compute() {
        return await(Future.ready(6));
    }
}
