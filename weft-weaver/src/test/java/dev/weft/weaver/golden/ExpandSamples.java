package dev.weft.weaver.golden;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.util.List;

/** One woven body per construct; {@link ExpandGoldenTest} compares the expand output of each with a golden file. */
final class ExpandSamples {
    private int base = 1;

    private ExpandSamples() {}

    static Future<Integer> fetch(Future<Integer> op1, Future<Integer> op2) {
        return Weft.async(() -> {
            int a = await(op1);
            int b = await(op2) + a;
            return b + 1;
        });
    }

    static Future<Long> loop(List<Future<Integer>> parts) {
        return Weft.async(() -> {
            long sum = 0;
            outer:
            for (int round = 0; round < 3; round++) {
                for (Future<Integer> p : parts) {
                    int v = await(p);
                    if (v < 0) continue outer;
                    if (v == 99) break outer;
                    sum += v;
                }
            }
            return sum;
        });
    }

    static Future<String> tryFinally(Future<String> f, List<String> log) {
        return Weft.async(() -> {
            try {
                return await(f);
            } catch (IllegalStateException e) {
                log.add("caught");
                return "recovered";
            } finally {
                log.add("finally");
            }
        });
    }

    record Pair(int left, String right) {}

    static Future<Pair> newWithAwait(Future<Integer> n, Future<String> s) {
        return Weft.async(() -> new Pair(await(n), "<" + await(s) + ">"));
    }

    static Future<String> switchExpression(Future<Integer> key, Future<String> value) {
        return Weft.async(() -> switch (await(key)) {
            case 0 -> "zero";
            case 1 -> await(value);
            default -> {
                String v = await(value);
                yield v + v;
            }
        });
    }

    static Future<Double> primitives(Future<Integer> i, Future<Long> l, Future<Double> d) {
        return Weft.async(() -> {
            long wide = 1L << 40;
            double x = 0.5;
            float f = 2f;
            char c = 'c';
            double r = wide + await(l) * x + await(i) * f + c + await(d);
            return r;
        });
    }

    Future<Integer> captures(Future<Integer> f, int extra) {
        return Weft.async(() -> base + extra + await(f));
    }

    static <T> Future<T> generic(Future<T> f) {
        return Weft.async(() -> await(f));
    }

    static Future<Integer> fib(int n) {
        return Weft.async(() -> n < 2 ? n : await(fib(n - 1)) + await(fib(n - 2)));
    }

    static Future<Integer> yieldEach(Future<Integer> step, int times) {
        return Weft.async(() -> {
            int sum = 0;
            for (int i = 0; i < times; i++) {
                await(Future.yieldNow());
                sum += await(step);
            }
            return sum;
        });
    }
}
