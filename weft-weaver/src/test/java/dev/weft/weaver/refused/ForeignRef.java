package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A method reference to another class's awaiting method: left stackful with a warning. */
final class ForeignRef {
    private ForeignRef() {}

    static Future<Integer> body() {
        return Weft.async(Helpers::compute); // foreign method reference
    }

    /** The other class. */
    static final class Helpers {
        private Helpers() {}

        static Integer compute() {
            return await(Future.ready(5));
        }
    }
}
