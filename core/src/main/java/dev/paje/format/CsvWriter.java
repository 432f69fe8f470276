package dev.paje.format;

import java.io.IOException;
import java.io.Writer;

/**
 * One CSV file, row by row, with RFC 4180 quoting (a field holding a comma, a double quote or a
 * line break is quoted, its quotes doubled) and LF line ends: what R's read.csv and pandas expect.
 */
public final class CsvWriter implements AutoCloseable {
    private final Writer out;
    private boolean first = true;

    public CsvWriter(Writer out) {
        this.out = out;
    }

    /** Appends a text field; null is an empty field. */
    public CsvWriter text(String s) throws IOException {
        separate();
        if (s == null || s.isEmpty()) {
            return this;
        }
        if (needsQuotes(s)) {
            out.write('"');
            out.write(s.replace("\"", "\"\""));
            out.write('"');
        } else {
            out.write(s);
        }
        return this;
    }

    /** Appends a number at full precision; NaN (an unknown time) is an empty field. */
    public CsvWriter number(double x) throws IOException {
        separate();
        if (!Double.isNaN(x)) {
            out.write(Shortest.format(x));
        }
        return this;
    }

    public CsvWriter integer(long x) throws IOException {
        separate();
        out.write(Long.toString(x));
        return this;
    }

    public void endRow() throws IOException {
        out.write('\n');
        first = true;
    }

    private void separate() throws IOException {
        if (!first) {
            out.write(',');
        }
        first = false;
    }

    private static boolean needsQuotes(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
