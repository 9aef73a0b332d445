package dev.weft.recipes.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/** What a {@link JdbcCall} does with its prepared statement, its parameters set: execute it and read the outcome. */
@FunctionalInterface
interface StatementWork<T> {
    T run(PreparedStatement statement) throws SQLException;
}
