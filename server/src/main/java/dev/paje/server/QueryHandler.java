package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.sql.ParquetCache;
import dev.paje.sql.TraceDatabase;
import dev.paje.sql.ZstdPages;
import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.Trace;
import dev.paje.view.TraceView;
import java.io.Closeable;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /api/sql?q=SQL}: a query over the trace's Parquet tables (as {@code paje sql}), for the
 * viewer's Query panel. DuckDB is confined to those tables ({@link TraceDatabase#openConfined}); the
 * tables are made on the first query, in a temporary directory unless a fresh copy lies next to the
 * cache; at most {@link #MAX_ROWS} rows are sent and a query is cancelled after {@link #TIMEOUT_S} s.
 * Each row says where it is when it names a container and a time: {@code jump = [container id, start, end]}.
 */
final class QueryHandler implements Endpoint, Closeable {
    static final int MAX_ROWS = 1000;
    static final int TIMEOUT_S = 30;

    private final TraceView model;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "paje-sql-timeout");
        t.setDaemon(true);
        return t;
    });
    private ParquetCache tables;
    private TraceDatabase db;
    private Map<String, Integer> byName;

    QueryHandler(TraceView model) {
        this.model = model;
    }

    /** One query at a time: DuckDB uses every core for each anyway. */
    @Override
    public synchronized void handle(HttpExchange ex, Params params) throws IOException {
        String sql = params.text("q");
        if (sql.isBlank()) {
            throw ApiException.badRequest("q is empty: give an SQL query");
        }
        TraceDatabase database = database();
        try (Statement s = database.connection().createStatement()) {
            ScheduledFuture<?> cancel = timer.schedule(() -> {
                try {
                    s.cancel();
                } catch (SQLException ignored) {
                    // the statement has ended
                }
            }, TIMEOUT_S, TimeUnit.SECONDS);
            try {
                if (!s.execute(sql)) {
                    throw ApiException.badRequest("the statement returned no rows: ask with SELECT");
                }
                try (ResultSet rs = s.getResultSet()) {
                    byte[] body = Json.bytes(g -> write(g, rs));
                    Json.send(ex, 200, body);
                }
            } finally {
                cancel.cancel(false);
            }
        } catch (SQLException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage().strip().replaceAll("\n\\s*\n", "\n");
            throw ApiException.badRequest(m);
        } catch (UncheckedSql e) {
            throw ApiException.badRequest(e.getCause().getMessage());
        }
    }

    private TraceDatabase database() throws IOException {
        if (db == null) {
            Trace trace = model.trace();
            if (trace == null) {
                throw ApiException.notFound("the trace could not be read");
            }
            tables = ParquetCache.of(trace, ZstdPages.preferred(), false);
            try {
                db = TraceDatabase.openConfined(tables.directory());
            } catch (SQLException e) {
                throw new IOException("cannot open DuckDB: " + e.getMessage(), e);
            }
        }
        return db;
    }

    /** {@code {"columns": [...], "rows": [[...]], "jump": [[id, start, end] | null], "truncated": bool}}. */
    private void write(JsonGenerator g, ResultSet rs) throws IOException {
        try {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            int container = -1;
            int containerName = -1;
            int start = -1;
            int end = -1;
            g.writeStartObject();
            g.writeArrayFieldStart("columns");
            for (int i = 1; i <= n; i++) {
                String label = md.getColumnLabel(i);
                g.writeString(label);
                switch (label.toLowerCase(Locale.ROOT)) {
                    case "container_id" -> container = i;
                    case "container" -> containerName = i;
                    case "start", "time" -> start = start < 0 ? i : start;
                    case "end" -> end = i;
                    default -> { }
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rows");
            int rows = 0;
            boolean truncated = false;
            java.util.List<double[]> jump = new java.util.ArrayList<>();
            while (rs.next()) {
                if (rows == MAX_ROWS) {
                    truncated = true;
                    break;
                }
                g.writeStartArray();
                for (int i = 1; i <= n; i++) {
                    Object o = rs.getObject(i);
                    if (o == null) {
                        g.writeNull();
                    } else if (o instanceof Double d) {
                        if (Double.isFinite(d)) {
                            g.writeNumber(d);
                        } else {
                            g.writeNull();
                        }
                    } else if (o instanceof Float f) {
                        g.writeNumber(f);
                    } else if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte) {
                        g.writeNumber(((Number) o).longValue());
                    } else if (o instanceof Boolean b) {
                        g.writeBoolean(b);
                    } else {
                        g.writeString(o.toString());
                    }
                }
                g.writeEndArray();
                jump.add(where(rs, container, containerName, start, end));
                rows++;
            }
            g.writeEndArray();
            g.writeArrayFieldStart("jump");
            for (double[] j : jump) {
                if (j == null) {
                    g.writeNull();
                } else {
                    g.writeStartArray();
                    g.writeNumber((int) j[0]);
                    g.writeNumber(j[1]);
                    g.writeNumber(j[2]);
                    g.writeEndArray();
                }
            }
            g.writeEndArray();
            g.writeBooleanField("truncated", truncated);
            g.writeEndObject();
        } catch (SQLException e) {
            throw new UncheckedSql(e);
        }
    }

    /** The container and time range a row names, or null: by container_id, else by container name. */
    private double[] where(ResultSet rs, int container, int containerName, int start, int end) throws SQLException {
        if (start < 0 || (container < 0 && containerName < 0)) {
            return null;
        }
        int id = -1;
        if (container > 0 && rs.getObject(container) instanceof Number num) {
            id = num.intValue();
        } else if (containerName > 0 && rs.getObject(containerName) instanceof String name) {
            id = names().getOrDefault(name, -1);
        }
        if (id < 0 || id >= model.trace().containers().size()
                || !(rs.getObject(start) instanceof Number s)) {
            return null;
        }
        double from = s.doubleValue();
        double to = end > 0 && rs.getObject(end) instanceof Number e ? e.doubleValue() : from;
        return new double[] {id, from, Math.max(from, to)};
    }

    private Map<String, Integer> names() {
        if (byName == null) {
            byName = new HashMap<>();
            for (Container c : model.trace().containers()) {
                byName.putIfAbsent(DisplayNames.name(c.name()), c.id());
            }
        }
        return byName;
    }

    /** A JDBC failure inside the JSON body writer. */
    private static final class UncheckedSql extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UncheckedSql(SQLException e) {
            super(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        timer.shutdownNow();
        try {
            if (db != null) {
                db.close();
            }
        } catch (SQLException e) {
            throw new IOException(e);
        } finally {
            if (tables != null) {
                tables.close();
            }
        }
    }
}
