package dev.weft.recipes.bench;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Queries per second at 50 concurrent tasks, each running
 * {@code select name from city where id = ?} (a primary-key lookup in a 100-row table) in a loop:
 * the JDBC recipe (woven tasks, the blocking pool), the R2DBC recipe (woven tasks, the Flow
 * bridge) and plain JDBC on as many virtual threads, all over {@value #CONNECTIONS}
 * connections (the same HikariCP pool for both JDBC contenders).
 *
 * <p>Rounds are interleaved: each round measures every contender once, the order rotated by one
 * each round, so a slow spell of a shared machine does not fall on one contender only. Each
 * measurement is a warm-up pass then a measured pass. Prints one {@code ROUND} line per
 * measurement and one {@code RESULT} line per contender (median, min and max over the rounds).
 *
 * {@snippet :
 * // weft-recipes/run bench [ROUNDS] [SECONDS]
 * QueryBench.main(new String[] {"5", "5"});
 * }
 */
public final class QueryBench {
    /** Concurrent tasks (or threads) per contender: 50, or the system property {@code weft.bench.tasks}. */
    public static final int TASKS = Integer.getInteger("weft.bench.tasks", 50);
    /** Connections each contender's pool holds. */
    public static final int CONNECTIONS = 10;
    static final String JDBC_SQL = "select name from city where id = ?";
    static final String R2DBC_SQL = "select name from city where id = $1";
    private static final int CITIES = 100;

    private QueryBench() {}

    /**
     * @param args rounds (default 5), then seconds measured per contender and round (default 5;
     *     a warm-up pass of a fifth of it comes first)
     * @throws Exception if the server is not reachable or a query fails
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        PgServer pg = PgServer.fromEnvironment().requireReachable();
        try (Connection c = pg.connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists city (id int primary key, name text not null)");
            s.execute("insert into city select i, 'city-' || i from generate_series(1, " + CITIES + ") i on conflict do nothing");
        }
        try (HikariDataSource pool = pg.hikari(CONNECTIONS)) {
            List<Contender> contenders = List.of(new JdbcWeft(pool, CONNECTIONS), new R2dbcWeft(pg.r2dbc(), CONNECTIONS), new JdbcVirtualThreads(pool));
            Map<String, List<Double>> results = new LinkedHashMap<>();
            for (Contender k : contenders) results.put(k.name(), new ArrayList<>());
            try {
                for (int r = 0; r < rounds; r++) {
                    for (int i = 0; i < contenders.size(); i++) {
                        Contender k = contenders.get((i + r) % contenders.size());
                        k.run(System.nanoTime() + (long) (seconds * 0.2e9));
                        long t0 = System.nanoTime();
                        long n = k.run(t0 + (long) (seconds * 1e9));
                        double qps = n / ((System.nanoTime() - t0) / 1e9);
                        results.get(k.name()).add(qps);
                        System.out.printf(Locale.ROOT, "ROUND round=%d impl=%s queries=%d qps=%.0f%n", r + 1, k.name(), n, qps);
                    }
                }
            } finally {
                for (Contender k : contenders) k.close();
            }
            for (Map.Entry<String, List<Double>> e : results.entrySet()) {
                List<Double> v = e.getValue().stream().sorted().toList();
                System.out.printf(Locale.ROOT, "RESULT impl=%s tasks=%d connections=%d median_qps=%.0f min=%.0f max=%.0f rounds=%d%n",
                        e.getKey(), TASKS, CONNECTIONS, median(v), v.getFirst(), v.getLast(), v.size());
            }
        }
    }

    static int id(int task, long n) {
        return 1 + (int) ((task * 7919L + n) % CITIES);
    }

    static void check(int id, List<String> rows) {
        if (rows.size() != 1 || !rows.getFirst().equals("city-" + id)) {
            throw new IllegalStateException("id " + id + " answered " + rows);
        }
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
