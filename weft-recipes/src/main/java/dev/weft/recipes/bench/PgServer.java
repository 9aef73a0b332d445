package dev.weft.recipes.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL server that the recipes' tests and benchmark use: the JDBC URL in the system
 * property {@code weft.pg.url}, else the environment variable {@code WEFT_PG_URL}, else
 * {@value #DEFAULT_URL}, where {@code .ci/install.d/postgresql} (run by {@code .ci/setup}) starts
 * one.
 *
 * {@snippet :
 * PgServer pg = PgServer.fromEnvironment().requireReachable();
 * try (HikariDataSource pool = pg.hikari(10)) { ... }
 * }
 *
 * @param url the JDBC URL, {@code jdbc:postgresql://host:port/database?user=name}
 * @param host the server's host
 * @param port the server's port
 * @param database the database
 * @param user the user (trust authentication: no password)
 */
public record PgServer(String url, String host, int port, String database, String user) {
    /** Where {@code .ci/install.d/postgresql} starts the server. */
    public static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:55432/weft?user=weft";

    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+)\\?user=([^&]+)");

    /** @return the server named by {@code weft.pg.url}, {@code WEFT_PG_URL} or the default */
    public static PgServer fromEnvironment() {
        String url = System.getProperty("weft.pg.url");
        if (url == null || url.isBlank()) url = System.getenv("WEFT_PG_URL");
        if (url == null || url.isBlank()) url = DEFAULT_URL;
        Matcher m = URL.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("weft.pg.url must look like " + DEFAULT_URL + ", not " + url);
        }
        return new PgServer(url, m.group(1), Integer.parseInt(m.group(2)), m.group(3), m.group(4));
    }

    /**
     * @return this server, once a connection to it worked
     * @throws IllegalStateException if none can be made, saying how to start one
     */
    public PgServer requireReachable() {
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
            return this;
        } catch (SQLException e) {
            throw new IllegalStateException("No PostgreSQL server answers at " + url + " (" + e.getMessage() + ")."
                    + " Run .ci/setup (its installer .ci/install.d/postgresql starts one on 127.0.0.1:55432),"
                    + " or point -Dweft.pg.url or WEFT_PG_URL at a server where user and database may be used freely.", e);
        }
    }

    /**
     * @return a new connection of its own, outside any pool
     * @throws SQLException if the server refuses it
     */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /**
     * @param size the pool's fixed number of connections
     * @return a HikariCP pool of {@code size} connections to this server
     */
    public HikariDataSource hikari(int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setPoolName("weft-recipes");
        return new HikariDataSource(config);
    }

    /** @return r2dbc-postgresql's factory of connections to this server */
    public PostgresqlConnectionFactory r2dbc() {
        return new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host(host).port(port).database(database).username(user).tcpNoDelay(true).build());
    }
}
