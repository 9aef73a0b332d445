package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What a body captures and whom it calls: captured locals, {@code this} and its fields, woven
 * generic methods, recursion through {@code Weft.async}, and async bodies inside async bodies.
 * Each body {@code X} has a blocking twin {@code XBlocking} with the same text.
 */
public final class Captures {
    private Captures() {}

    /** Captured locals of mixed types, one an array the body writes through. */
    public static Future<String> capturedLocalsOfMixedTypes(Probe p) {
        long big = 1L << 50;
        double ratio = 0.75;
        String name = "cap";
        int[] box = {1};
        char initial = 'c';
        return Weft.async(() -> {
            box[0] += await(p.later(41, 1));
            double scaled = ratio * await(p.remote(big));
            return name + initial + box[0] + " " + scaled + " " + await(p.ready(big - box[0]));
        });
    }

    public static Callable<String> capturedLocalsOfMixedTypesBlocking(Probe p) {
        long big = 1L << 50;
        double ratio = 0.75;
        String name = "cap";
        int[] box = {1};
        char initial = 'c';
        return () -> {
            box[0] += await(p.later(41, 1));
            double scaled = ratio * await(p.remote(big));
            return name + initial + box[0] + " " + scaled + " " + await(p.ready(big - box[0]));
        };
    }

    /** An instance method's body reading and writing fields of {@code this} and calling its methods. */
    public static Future<String> instanceBodyUsesFieldsOfThis(Probe p) {
        return new Account(p, "acct").transfers();
    }

    public static Callable<String> instanceBodyUsesFieldsOfThisBlocking(Probe p) {
        return new Account(p, "acct").transfersBlocking();
    }

    /** Generic woven methods: {@code <T> Future<T> id(Future<T>)} and a bounded {@code max}. */
    public static Future<String> genericMethodsAreWovenAndAwaited(Probe p) {
        return Weft.async(() -> {
            String s = await(id(p.later("gen", 1)));
            Integer i = await(id(p.remote(7)));
            String m = await(max(p.ready("pear"), p.later("apple", 1)));
            List<Integer> l = await(id(p.ready(List.of(1, 2))));
            long n = await(max(p.remote(3L), p.ready(8L)));
            return s + i + m + l + n;
        });
    }

    public static Callable<String> genericMethodsAreWovenAndAwaitedBlocking(Probe p) {
        return () -> {
            String s = await(id(p.later("gen", 1)));
            Integer i = await(id(p.remote(7)));
            String m = await(max(p.ready("pear"), p.later("apple", 1)));
            List<Integer> l = await(id(p.ready(List.of(1, 2))));
            long n = await(max(p.remote(3L), p.ready(8L)));
            return s + i + m + l + n;
        };
    }

    /** fib(n) = await(fib(n - 1)) + await(fib(n - 2)), every call its own Weft.async. */
    public static Future<String> recursionThroughAsync(Probe p) {
        return Weft.async(() -> {
            int f = await(fib(p, 10));
            p.log("fib(10) " + f);
            return "fib(10)=" + f + " fib(4)=" + await(fib(p, 4));
        });
    }

    public static Callable<String> recursionThroughAsyncBlocking(Probe p) {
        return () -> {
            int f = await(fib(p, 10));
            p.log("fib(10) " + f);
            return "fib(10)=" + f + " fib(4)=" + await(fib(p, 4));
        };
    }

    /** An async body that makes and awaits async bodies, three deep, capturing the outer's locals. */
    public static Future<String> asyncInsideAsyncBody(Probe p) {
        return Weft.async(() -> {
            String a = await(p.later("a", 1));
            Future<String> inner = Weft.async(() -> {
                String b = await(p.remote("b"));
                p.log("inner " + a + b);
                return a + b + await(p.later("c", 1));
            });
            p.log("outer before inner");
            String r = await(inner);
            String twice = await(Weft.async(() -> await(Weft.async(() -> r + await(p.ready("!"))))));
            return r + " " + twice;
        });
    }

    public static Callable<String> asyncInsideAsyncBodyBlocking(Probe p) {
        return () -> {
            String a = await(p.later("a", 1));
            Future<String> inner = Weft.async(() -> {
                String b = await(p.remote("b"));
                p.log("inner " + a + b);
                return a + b + await(p.later("c", 1));
            });
            p.log("outer before inner");
            String r = await(inner);
            String twice = await(Weft.async(() -> await(Weft.async(() -> r + await(p.ready("!"))))));
            return r + " " + twice;
        };
    }

    /** {@code Weft.async(this::settle)}: a same-class method reference to a method that awaits. */
    public static Future<String> methodReferenceToAnAwaitingInstanceMethod(Probe p) {
        return new Account(p, "ref").settledByReference();
    }

    public static Callable<String> methodReferenceToAnAwaitingInstanceMethodBlocking(Probe p) {
        return new Account(p, "ref").settledByReferenceBlocking();
    }

    /** Async bodies in an interface's default and static methods (private lambda methods of an interface). */
    public static Future<String> asyncBodiesInInterfaceMethods(Probe p) {
        return Weft.async(() -> {
            Greeter g = () -> "weft";
            return await(g.greet(p)) + " " + await(Greeter.shout(p, "loud"));
        });
    }

    public static Callable<String> asyncBodiesInInterfaceMethodsBlocking(Probe p) {
        return () -> {
            Greeter g = () -> "weft";
            return await(g.greet(p)) + " " + await(Greeter.shout(p, "loud"));
        };
    }

    /** An inner class's body reading and writing the private fields of its outer instance. */
    public static Future<String> innerClassBodyUsesTheOuterInstance(Probe p) {
        return new Outer(p).new Inner(3).run();
    }

    public static Callable<String> innerClassBodyUsesTheOuterInstanceBlocking(Probe p) {
        return new Outer(p).new Inner(3).runBlocking();
    }

    /**
     * @param f a future
     * @param <T> its output type
     * @return a woven future awaiting {@code f}
     */
    public static <T> Future<T> id(Future<T> f) {
        return Weft.async(() -> await(f));
    }

    private static <T extends Comparable<T>> Future<T> max(Future<T> a, Future<T> b) {
        return Weft.async(() -> {
            T x = await(a);
            T y = await(b);
            return x.compareTo(y) >= 0 ? x : y;
        });
    }

    private static Future<Integer> fib(Probe p, int n) {
        return Weft.async(() -> {
            if (n < 2) return await(p.later(n, n));
            return await(fib(p, n - 1)) + await(fib(p, n - 2));
        });
    }

    /** An object whose body uses its fields. */
    private static final class Account {
        private final Probe p;
        private final String name;
        private long balance = 100;
        private int ops;

        Account(Probe p, String name) {
            this.p = p;
            this.name = name;
        }

        Future<String> transfers() {
            return Weft.async(() -> {
                for (int i = 1; i <= 3; i++) {
                    balance += await(p.later(i * 10L, 1));
                    ops++;
                    p.log(this.name + " " + balance);
                }
                balance -= fee(await(p.remote(5)));
                return describe() + " " + await(p.ready(ops));
            });
        }

        Callable<String> transfersBlocking() {
            return () -> {
                for (int i = 1; i <= 3; i++) {
                    balance += await(p.later(i * 10L, 1));
                    ops++;
                    p.log(this.name + " " + balance);
                }
                balance -= fee(await(p.remote(5)));
                return describe() + " " + await(p.ready(ops));
            };
        }

        Future<String> settledByReference() {
            return Weft.async(this::settle);
        }

        Callable<String> settledByReferenceBlocking() {
            return this::settle;
        }

        private String settle() {
            for (int i = 0; i < 2; i++) {
                balance -= await(p.later(i + 1L, 1));
                ops++;
            }
            return describe() + " " + await(p.remote(ops));
        }

        private long fee(int x) {
            return x * 2L + ops;
        }

        private String describe() {
            return name + ":" + balance + ":" + ops;
        }
    }

    /** An interface whose default and static methods make async bodies. */
    @FunctionalInterface
    private interface Greeter {
        String name();

        default Future<String> greet(Probe p) {
            return Weft.async(() -> {
                String n = await(p.later(name(), 1));
                p.log("greeting " + n);
                return "hello " + n + await(p.remote("!"));
            });
        }

        static Future<String> shout(Probe p, String who) {
            return Weft.async(() -> {
                String w = await(p.ready(who));
                return w.toUpperCase() + await(p.later("!", 1));
            });
        }
    }

    /** An outer instance whose inner class's body uses its private fields. */
    private static final class Outer {
        private final Probe p;
        private int count;

        Outer(Probe p) {
            this.p = p;
        }

        private String describe() {
            return "count=" + count;
        }

        /** Uses {@code Outer.this}. */
        private final class Inner {
            private final int step;

            Inner(int step) {
                this.step = step;
            }

            Future<String> run() {
                return Weft.async(() -> {
                    for (int i = 0; i < step; i++) {
                        count += await(p.later(step, 1));
                        p.log("inner " + Outer.this.count);
                    }
                    return describe() + " " + await(p.remote(step));
                });
            }

            Callable<String> runBlocking() {
                return () -> {
                    for (int i = 0; i < step; i++) {
                        count += await(p.later(step, 1));
                        p.log("inner " + Outer.this.count);
                    }
                    return describe() + " " + await(p.remote(step));
                };
            }
        }
    }
}
