package dev.weft.recipes.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/** The baseline: plain JDBC on virtual threads, one per task, the same HikariCP pool. */
final class JdbcVirtualThreads implements Contender {
    private final DataSource pool;

    JdbcVirtualThreads(DataSource pool) {
        this.pool = pool;
    }

    @Override
    public String name() {
        return "jdbc-vthreads";
    }

    @Override
    public long run(long deadlineNanos) throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Long>> tasks = new ArrayList<>();
            for (int t = 0; t < QueryBench.TASKS; t++) {
                int task = t;
                tasks.add(threads.submit(() -> {
                    long n = 0;
                    while (System.nanoTime() < deadlineNanos) {
                        int id = QueryBench.id(task, n);
                        List<String> rows = new ArrayList<>(1);
                        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(QueryBench.JDBC_SQL)) {
                            ps.setObject(1, id);
                            try (ResultSet rs = ps.executeQuery()) {
                                while (rs.next()) rows.add(rs.getString(1));
                            }
                        }
                        QueryBench.check(id, rows);
                        n++;
                    }
                    return n;
                }));
            }
            long total = 0;
            for (Future<Long> f : tasks) total += f.get();
            return total;
        }
    }

    @Override
    public void close() {}
}
