package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.future.Future;

/** The demo the README's first command runs: shows what Weft can do today. */
public final class Demo {
    private Demo() {}

    /**
     * Runs the demo.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println("Weft demo on Java " + Runtime.version());
        System.out.println("await(ready(42)) = " + await(Future.ready(42)));
    }
}
