package dev.weft.bench.soak;

import java.util.HashMap;
import java.util.Map;

/**
 * The harness's entry: {@code Soak soak|hostile|tls-hostile|spin [--name value ...]} (see {@code weft-bench/SOAK.md});
 * exits 1 if the run's verdict is a failure.
 */
public final class Soak {
    private Soak() {}

    /**
     * @param args the mode, then options {@code --connections N --minutes M --interval S --samples K --payload B
     *     --healthy N --hostile N --seconds S --handshake-ms MS}
     * @throws Exception if the harness itself fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: Soak soak|hostile|tls-hostile|spin [--connections N] [--minutes M] [--interval S] [--samples K] [--payload B] [--healthy N] [--hostile N] [--seconds S] [--handshake-ms MS]");
            System.exit(2);
        }
        Map<String, Integer> o = new HashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), Integer.parseInt(args[i + 1]));
        }
        int rc = switch (args[0]) {
            case "soak" -> {
                int interval = o.getOrDefault("interval", 60);
                int samples = o.getOrDefault("samples", o.getOrDefault("minutes", 30) * 60 / interval);
                yield SoakRun.run(o.getOrDefault("connections", 1000), samples, interval, o.getOrDefault("payload", 16384));
            }
            case "spin" -> SpinGuard.run(o.getOrDefault("connections", 1000), o.getOrDefault("seconds", 10));
            case "tls-hostile" -> TlsHostileMatrix.run(o.getOrDefault("healthy", 50), o.getOrDefault("hostile", 5),
                    o.getOrDefault("seconds", 20), o.getOrDefault("payload", 1024), o.getOrDefault("handshake-ms", 2000), true).pass() ? 0 : 1;
            case "hostile" -> HostileMatrix.run(o.getOrDefault("healthy", 50), o.getOrDefault("hostile", 10),
                    o.getOrDefault("seconds", 20), o.getOrDefault("payload", 1024));
            default -> {
                System.err.println("unknown mode " + args[0]);
                yield 2;
            }
        };
        System.exit(rc);
    }
}
