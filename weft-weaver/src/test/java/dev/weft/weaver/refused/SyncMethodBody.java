package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A synchronized method passed to Weft.async as a method reference: refused. */
final class SyncMethodBody {
    Future<Integer> body() {
        return Weft.async(this::locked);
    }

    private synchronized Integer locked() {
        return await(Future.ready(2)); // refused: synchronized method
    }
}
