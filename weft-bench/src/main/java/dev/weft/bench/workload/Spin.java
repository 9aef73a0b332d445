package dev.weft.bench.workload;

/**
 * A CPU-bound neighbour for the benchmark scripts: a JVM whose threads spin on arithmetic and
 * short-lived allocation until the process is killed, as another busy service on a shared host.
 * {@code weft-bench/paired --burn N} starts one beside a whole interleaved run, so that every
 * contender (Weft and Tokio alike) shares the machine with it.
 *
 * {@snippet lang=sh :
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.Spin 1 &
 * }
 */
public final class Spin {
    private Spin() {}

    /** @param args the number of spinning threads (default 1) */
    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(Spin::spin, "spin-" + i);
            t.start();
        }
        Thread.currentThread().join(); // until killed
    }

    /** Arithmetic with a young-generation allocation every so often, so the neighbour's collector runs too. */
    private static void spin() {
        long x = 1;
        Object[] keep = new Object[64];
        for (long n = 0; ; n++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if ((n & 1023) == 0) keep[(int) (n >>> 10) & 63] = new long[32 + (int) (x >>> 58)];
            if (x == 42) System.out.println(keep.length); // keeps the loop from being folded away
        }
    }
}
