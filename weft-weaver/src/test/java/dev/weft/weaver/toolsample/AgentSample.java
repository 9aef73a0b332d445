package dev.weft.weaver.toolsample;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;

/** The main of the JVM that {@code AgentTest} starts with the agent: runs the samples and prints how each ran. */
public final class AgentSample {
    private AgentSample() {}

    /** @param args none */
    public static void main(String[] args) {
        Future<Integer> fetch = Fetcher.fetch(Future.ready(40), 2);
        System.out.println("fetch woven=" + (fetch instanceof WovenFuture<?>) + " class=" + fetch.getClass().getName()
                + " result=" + Weft.blockOn(fetch));
        Future<String> made = Constructed.make(Future.ready("v"));
        System.out.println("constructed woven=" + (made instanceof WovenFuture<?>) + " result=" + Weft.blockOn(made)
                + " order=" + Constructed.ORDER);
        Future<String> switched = Constructed.chosen(1, Future.ready("w"));
        System.out.println("switch argument woven=" + (switched instanceof WovenFuture<?>) + " result=" + Weft.blockOn(switched));
        for (boolean first : new boolean[] {true, false}) {
            Future<Integer> chosen = Chooser.choose(first, Future.ready(40));
            System.out.println("choose first=" + first + " woven=" + (chosen instanceof WovenFuture<?>) + " result="
                    + Weft.blockOn(chosen));
        }
        Future<Integer> locked = Locked.locked(7);
        System.out.println("locked woven=" + (locked instanceof WovenFuture<?>) + " result=" + Weft.blockOn(locked));
    }
}
