package dev.paje.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A minimal JSON writer for the window answer, which is millions of numbers under fixed ASCII
 * names: straight into a byte buffer, commas tracked per nesting depth, no per-value checks.
 * Everything else uses Jackson. Names must be plain ASCII without quotes or backslashes.
 */
public final class JsonOut implements AutoCloseable {
    private static final double SCALE = 1e9;
    private static final double LIMIT = 9e15; // below 2^53: the scaled value is an exact long

    /** The digits of 0..9999, four bytes each, right-aligned: most numbers of an answer are that small. */
    private static final int SMALL = 10_000;
    private static final byte[] SMALL_DIGITS = new byte[SMALL * 4];
    private static final byte[] SMALL_LENGTH = new byte[SMALL];

    static {
        for (int i = 0; i < SMALL; i++) {
            String d = Integer.toString(i);
            SMALL_LENGTH[i] = (byte) d.length();
            for (int k = 0; k < d.length(); k++) {
                SMALL_DIGITS[i * 4 + 4 - d.length() + k] = (byte) d.charAt(k);
            }
        }
    }

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;
    private final boolean[] hasItems = new boolean[32];
    private int depth;

    public JsonOut(OutputStream out) {
        this.out = out;
    }

    public JsonOut beginObject() throws IOException {
        return open('{');
    }

    public JsonOut endObject() throws IOException {
        return close('}');
    }

    public JsonOut beginArray() throws IOException {
        return open('[');
    }

    public JsonOut endArray() throws IOException {
        return close(']');
    }

    /** A field name; the value follows. */
    public JsonOut name(String name) throws IOException {
        separate();
        room(name.length() + 4);
        buf[n++] = '"';
        for (int i = 0; i < name.length(); i++) {
            buf[n++] = (byte) name.charAt(i);
        }
        buf[n++] = '"';
        buf[n++] = ':';
        hasItems[depth] = false; // the value takes no comma
        return this;
    }

    public JsonOut value(int v) throws IOException {
        if (v >= 0 && v < SMALL) { // the common case, kept short so that it inlines
            if (hasItems[depth]) {
                room(5);
                buf[n++] = ',';
            } else {
                room(4);
                hasItems[depth] = true;
            }
            int len = SMALL_LENGTH[v];
            System.arraycopy(SMALL_DIGITS, v * 4 + 4 - len, buf, n, len);
            n += len;
            return this;
        }
        return value((long) v);
    }

    public JsonOut value(long v) throws IOException {
        if (v == Long.MIN_VALUE) {
            return raw(Long.toString(v));
        }
        separate();
        room(21);
        if (v < 0) {
            buf[n++] = '-';
            v = -v;
        }
        digits(v);
        return this;
    }

    /**
     * A time or value: null when not finite (JSON has none). Numbers with at most nine decimals,
     * as trace times nearly always are, are written with integer arithmetic: when {@code m / 1e9
     * == v} for the integer {@code m}, the decimal {@code m * 10^-9} parses back to exactly {@code v}
     * (a correctly rounded division and a correct parser both give the double nearest to it).
     * Others take the shortest decimal that reads back ({@link Schubfach}), without allocating.
     */
    public JsonOut value(double v) throws IOException {
        if (!Double.isFinite(v)) {
            return raw("null");
        }
        double m = Math.rint(v * SCALE);
        if (!(Math.abs(m) < LIMIT) || m / SCALE != v || (m == 0 && 1 / v < 0)) {
            separate();
            room(Schubfach.MAX_CHARS);
            n = Schubfach.write(v, buf, n);
            return this;
        }
        long units = (long) m;
        separate();
        room(24);
        if (units < 0) {
            buf[n++] = '-';
            units = -units;
        }
        digits(units / 1_000_000_000L);
        int fraction = (int) (units % 1_000_000_000L);
        if (fraction != 0) {
            buf[n++] = '.';
            for (int scale = 100_000_000; fraction != 0; scale /= 10) {
                int d = fraction / scale;
                buf[n++] = (byte) ('0' + d);
                fraction -= d * scale;
            }
        }
        return this;
    }

    /** Values rendered by another writer (comma-separated, none open), inserted as they are. */
    public JsonOut splice(byte[] values) throws IOException {
        if (values.length == 0) {
            return this;
        }
        separate();
        if (n + values.length > buf.length) {
            out.write(buf, 0, n);
            n = 0;
            out.write(values);
        } else {
            System.arraycopy(values, 0, buf, n, values.length);
            n += values.length;
        }
        return this;
    }

    @Override
    public void close() throws IOException {
        out.write(buf, 0, n);
        n = 0;
        out.close();
    }

    private JsonOut raw(String text) throws IOException {
        separate();
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        room(bytes.length);
        System.arraycopy(bytes, 0, buf, n, bytes.length);
        n += bytes.length;
        return this;
    }

    private JsonOut open(char c) throws IOException {
        separate();
        room(1);
        buf[n++] = (byte) c;
        hasItems[++depth] = false;
        return this;
    }

    private JsonOut close(char c) throws IOException {
        room(1);
        buf[n++] = (byte) c;
        depth--;
        hasItems[depth] = true;
        return this;
    }

    private void separate() throws IOException {
        if (hasItems[depth]) {
            room(1);
            buf[n++] = ',';
        }
        hasItems[depth] = true;
    }

    private void digits(long x) {
        if (x < SMALL) {
            int len = SMALL_LENGTH[(int) x];
            System.arraycopy(SMALL_DIGITS, (int) x * 4 + 4 - len, buf, n, len);
            n += len;
            return;
        }
        int len = 1;
        for (long p = 10; len < 19 && p <= x; p *= 10) {
            len++;
        }
        for (int i = n + len - 1; i >= n; i--) {
            buf[i] = (byte) ('0' + x % 10);
            x /= 10;
        }
        n += len;
    }

    private void room(int bytes) throws IOException {
        if (n + bytes > buf.length) {
            out.write(buf, 0, n);
            n = 0;
        }
    }
}
