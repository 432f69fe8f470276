package dev.paje.sql;

import dev.paje.format.CsvWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a result set as an aligned table, CSV (RFC 4180, a header row) or JSON (pandas'
 * {@code orient="split"}: {@code {"columns": [...], "data": [[...], ...]}}), streaming: a table's
 * column widths are those of the first {@link #WIDTH_ROWS} rows, wider values just push the line.
 */
public final class ResultPrinter {
    static final int WIDTH_ROWS = 1000;

    private ResultPrinter() {
    }

    /** Prints every row of {@code rs} to {@code out} (flushed, not closed); returns the number of rows. */
    public static long print(ResultSet rs, ResultFormat format, OutputStream out) throws SQLException, IOException {
        Writer w = new OutputStreamWriter(new NonClosing(out), StandardCharsets.UTF_8);
        long rows = switch (format) {
            case TABLE -> table(rs, w);
            case CSV -> csv(rs, w);
            case JSON -> json(rs, w);
        };
        w.flush();
        return rows;
    }

    private static List<String> names(ResultSetMetaData md) throws SQLException {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            names.add(md.getColumnLabel(i));
        }
        return names;
    }

    private static long table(ResultSet rs, Writer w) throws SQLException, IOException {
        List<String> names = names(rs.getMetaData());
        int n = names.size();
        int[] width = new int[n];
        boolean[] right = new boolean[n];
        for (int i = 0; i < n; i++) {
            width[i] = names.get(i).length();
        }
        List<String[]> first = new ArrayList<>();
        boolean more = rs.next();
        while (more && first.size() < WIDTH_ROWS) {
            String[] row = new String[n];
            for (int i = 0; i < n; i++) {
                row[i] = Cells.text(rs, i + 1);
                right[i] |= Cells.numeric(rs.getObject(i + 1));
                width[i] = Math.max(width[i], row[i] == null ? 0 : row[i].length());
            }
            first.add(row);
            more = rs.next();
        }
        line(w, names.toArray(new String[0]), width, right);
        String[] rule = new String[n];
        for (int i = 0; i < n; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(w, rule, width, new boolean[n]);
        long count = 0;
        for (String[] row : first) {
            line(w, row, width, right);
            count++;
        }
        while (more) {
            String[] row = new String[n];
            for (int i = 0; i < n; i++) {
                row[i] = Cells.text(rs, i + 1);
            }
            line(w, row, width, right);
            count++;
            more = rs.next();
        }
        w.write("(" + count + (count == 1 ? " row)" : " rows)") + "\n");
        return count;
    }

    private static void line(Writer w, String[] cells, int[] width, boolean[] right) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            String s = cells[i] == null ? "" : cells[i];
            String pad = " ".repeat(Math.max(0, width[i] - s.length()));
            if (i > 0) {
                sb.append("  ");
            }
            if (right[i]) {
                sb.append(pad).append(s);
            } else if (i < cells.length - 1) {
                sb.append(s).append(pad);
            } else {
                sb.append(s); // no trailing blanks
            }
        }
        w.write(sb.toString());
        w.write('\n');
    }

    private static long csv(ResultSet rs, Writer w) throws SQLException, IOException {
        CsvWriter out = new CsvWriter(w);
        List<String> names = names(rs.getMetaData());
        for (String name : names) {
            out.text(name);
        }
        out.endRow();
        long count = 0;
        while (rs.next()) {
            for (int i = 1; i <= names.size(); i++) {
                out.text(Cells.text(rs, i));
            }
            out.endRow();
            count++;
        }
        return count;
    }

    private static long json(ResultSet rs, Writer w) throws SQLException, IOException {
        List<String> names = names(rs.getMetaData());
        w.write("{\"columns\":[");
        for (int i = 0; i < names.size(); i++) {
            w.write(i == 0 ? "" : ",");
            w.write(JsonText.quote(names.get(i)));
        }
        w.write("],\"data\":[");
        long count = 0;
        while (rs.next()) {
            w.write(count == 0 ? "\n[" : ",\n[");
            for (int i = 1; i <= names.size(); i++) {
                w.write(i == 1 ? "" : ",");
                Object o = rs.getObject(i);
                String text = Cells.text(rs, i);
                if (text == null || (o instanceof Double d && !Double.isFinite(d))) {
                    w.write("null");
                } else if (Cells.numeric(o) || o instanceof Boolean) {
                    w.write(text);
                } else {
                    w.write(JsonText.quote(text));
                }
            }
            w.write("]");
            count++;
        }
        w.write(count == 0 ? "]}\n" : "\n]}\n");
        return count;
    }

    /** Keeps the caller's stream open when the writer is flushed and dropped. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
