package dev.weft.recipes.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads the current row of a {@link ResultSet} into a value, as Spring's {@code RowMapper} does.
 * It runs on the blocking pool's thread that ran the query, once per row, and must not move the
 * cursor.
 *
 * {@snippet :
 * RowMapper<String> name = rs -> rs.getString("name");
 * }
 *
 * @param <T> the value of one row
 */
@FunctionalInterface
public interface RowMapper<T> {
    /**
     * @param rs the result set, on the row to read
     * @return the row's value
     * @throws SQLException if a column cannot be read
     */
    T map(ResultSet rs) throws SQLException;
}
