package dev.paje.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A minimal JSON writer for the window answer, which is millions of numbers under fixed ASCII
 * names: straight into a byte buffer, commas tracked per nesting depth, no per-value checks.
 * Names must be plain ASCII without quotes or backslashes; string values are escaped. {@link #pretty}
 * lays the document out as Jackson's default pretty printer does, for files people read.
 */
public final class JsonOut implements AutoCloseable {
    private static final double SCALE = 1e9;
    private static final double LIMIT = 9e15; // below 2^53: the scaled value is an exact long

    /** Numbers below this are written from tables (most numbers of an answer are that small): their lengths. */
    private static final int SMALL = 10_000;
    private static final byte[] SMALL_LENGTH = new byte[SMALL];

    /**
     * The digits of 0..9999 left-aligned in an int, first digit in the low byte: written as one 4-byte store (the bytes
     * past the length are overwritten next), not an arraycopy per number.
     */
    private static final int[] SMALL_WORD = new int[SMALL];
    private static final java.lang.invoke.VarHandle INT_LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    static {
        for (int i = 0; i < SMALL; i++) {
            String d = Integer.toString(i);
            SMALL_LENGTH[i] = (byte) d.length();
            for (int k = 0; k < d.length(); k++) {
                SMALL_WORD[i] |= (d.charAt(k) & 0xFF) << (8 * k);
            }
        }
    }

    /** "00".."99": numbers are written two digits at a time (half the divisions). */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;
    private final boolean[] hasItems = new boolean[32];
    private int depth;
    /** Pretty layout: objects one field a line, indented by two spaces; arrays inline ({@code [ 1, 2 ]}). */
    private final boolean pretty;
    private final boolean[] inArray = new boolean[32];
    /** Binary answers ({@link #binary}): where the arrays of numbers go (this writer then writes the JSON header); else null. */
    private final TypedColumns columns;
    /** A binary answer's stream: its columns, then the header ({@code out}, in memory), then the header's length. */
    private final OutputStream target;
    private final ByteChunks header;
    private int objects; // open objects: the indentation (arrays stay on their line)

    public JsonOut(OutputStream out) {
        this(out, false);
    }

    private JsonOut(OutputStream out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
        this.columns = null;
        this.target = null;
        this.header = null;
    }

    /** A binary writer whose header goes to {@code header} and columns to {@code columns}; {@code target} as above. */
    private JsonOut(ByteChunks header, OutputStream columns, OutputStream target) {
        this.out = header;
        this.pretty = false;
        this.columns = new TypedColumns(columns);
        this.target = target;
        this.header = header;
    }

    /**
     * A writer of binary answers ({@code format=bin}, docs/api.md): every array of numbers written by
     * {@link #intArray}, {@link #roundedArray} or {@link #doubleArray} goes to {@code out} as a typed array, and
     * the rest, a small JSON header with a descriptor in each such array's place, follows them, then its length
     * (4 bytes, little-endian). The columns stream as they come; the header waits in memory until {@link #close}.
     */
    public static JsonOut binary(OutputStream out) {
        return new JsonOut(new ByteChunks(), out, out);
    }

    /** Whether arrays of numbers go out as typed arrays ({@link #binary}): parts must then be rendered alike. */
    public boolean binary() {
        return columns != null;
    }

    /** What writes some JSON: a document, or a part of one to {@link #splice} into another. */
    public interface Part {
        void writeTo(JsonOut g) throws IOException;
    }

    /** The bytes {@code part} writes, compact (into memory: parts are rendered on several cores, then spliced). */
    public static byte[] bytes(Part part) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
        render(part, bytes);
        return bytes.toByteArray();
    }

    /** {@link #bytes} kept in chunks: a large part is never copied to grow or to trim it. */
    public static ByteChunks chunks(Part part) {
        ByteChunks chunks = new ByteChunks();
        render(part, chunks);
        return chunks;
    }

    /** {@link #chunks(Part)}, or with {@code binary} a part of a {@link #binary} answer: its header and its columns. */
    public static ByteChunks chunks(Part part, boolean binary) {
        if (!binary) {
            return chunks(part);
        }
        ByteChunks header = new ByteChunks();
        header.columns = new ByteChunks();
        try (JsonOut g = new JsonOut(header, header.columns, null)) {
            part.writeTo(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // memory does not fail
        }
        return header;
    }

    private static void render(Part part, OutputStream memory) {
        try (JsonOut g = new JsonOut(memory)) {
            part.writeTo(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // memory does not fail
        }
    }

    /** A writer with the layout of Jackson's {@code DefaultPrettyPrinter} ({@code "name" : value}, {@code [ ]}, {@code { }}). */
    public static JsonOut pretty(OutputStream out) {
        return new JsonOut(out, true);
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
        if (pretty) {
            newLine(hasItems[depth] ? ",\n" : "\n", objects);
            hasItems[depth] = true;
            raw("\"" + name + "\" : ");
            hasItems[depth] = false; // the value takes no separator
            return this;
        }
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
        if (v >= 0 && v < SMALL && !pretty) { // the common case, kept short so that it inlines
            if (hasItems[depth]) {
                room(5);
                buf[n++] = ',';
            } else {
                room(4);
                hasItems[depth] = true;
            }
            INT_LE.set(buf, n, SMALL_WORD[v]); // room for 4 was made
            n += SMALL_LENGTH[v];
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
        separate();
        room(Schubfach.MAX_CHARS);
        exact(v);
        return this;
    }

    /** {@link #value(double)} of a finite {@code v} without separator, room made for {@link Schubfach#MAX_CHARS}. */
    private void exact(double v) {
        double m = Math.rint(v * SCALE);
        if (!(Math.abs(m) < LIMIT) || m / SCALE != v || (m == 0 && 1 / v < 0)) {
            n = Schubfach.write(v, buf, n);
        } else {
            decimal((long) m, 9);
        }
    }

    /** Powers of ten up to 10^9: the scales of {@link #value(double, int)}. */
    private static final long[] TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000};

    /**
     * {@code v} rounded to {@code decimals} decimal places (0 to 9), written with the fewest digits that
     * say it: for values drawn at a known scale, where the last digits of a double (float noise such as
     * {@code 12.429000000000013}) change nothing on screen but cost bytes and time. A value of at most
     * {@code decimals} places reads back as the same double. Null when not finite; {@link #value(double)}'s
     * shortest form when the rounded value is not below 9e15 units; 0 for -0.
     */
    public JsonOut value(double v, int decimals) throws IOException {
        if (decimals < 0 || decimals > 9) {
            throw new IllegalArgumentException("decimals must be 0 to 9, found " + decimals);
        }
        double m = Math.rint(v * TEN[decimals]);
        if (!(Math.abs(m) < LIMIT)) {
            return value(v); // too large, or not finite
        }
        separate();
        room(24);
        decimal((long) m, decimals); // -0 and what rounds to it: 0
        return this;
    }

    /** The decimal {@code units * 10^-decimals}, trailing zeros of the fraction left out (room made for 24 bytes). */
    private void decimal(long units, int decimals) {
        if (units < 0) {
            buf[n++] = '-';
            units = -units;
        }
        long whole = wholeUnits(units, decimals);
        int fraction = (int) (units - whole * TEN[decimals]); // below 10^9
        digits(whole);
        if (fraction != 0) {
            int places = decimals;
            while (fraction % 100 == 0) { // divisions by a constant: multiplications once compiled
                fraction /= 100;
                places -= 2;
            }
            if (fraction % 10 == 0) {
                fraction /= 10;
                places--;
            }
            buf[n++] = '.';
            n += places;
            putDigits(fraction, n, places);
        }
    }

    /**
     * {@code units / 10^decimals}: a division by a constant per case, which the JIT makes a multiplication (a long
     * division by a variable was the costliest step of writing a variable's cells: up to ~90 cycles).
     */
    private static long wholeUnits(long units, int decimals) {
        return switch (decimals) {
            case 0 -> units;
            case 1 -> units / 10;
            case 2 -> units / 100;
            case 3 -> units / 1_000;
            case 4 -> units / 10_000;
            case 5 -> units / 100_000;
            case 6 -> units / 1_000_000;
            case 7 -> units / 10_000_000;
            case 8 -> units / 100_000_000;
            default -> units / 1_000_000_000;
        };
    }

    /**
     * A JSON array of the ints in the low halves of {@code cells[0..size)} (a sampler's column): one tight loop,
     * the same bytes as {@link #value(int)} for each.
     */
    public JsonOut intArray(long[] cells, int size) throws IOException {
        if (columns != null && size > 0) {
            columns.ints(this, cells, size);
            return this;
        }
        beginArray();
        if (pretty) {
            for (int i = 0; i < size; i++) {
                value((int) cells[i]);
            }
            return endArray();
        }
        for (int i = 0; i < size; i++) {
            item(i, (int) cells[i]);
        }
        hasItems[depth] = size > 0;
        return endArray();
    }

    /**
     * A JSON array of {@code (int) Math.round(v * factor)} for the doubles {@code v} whose bits are
     * {@code cells[0..size)} (shares as permille): the same bytes as {@link #value(int)} for each, in one loop.
     */
    public JsonOut roundedArray(long[] cells, int size, double factor) throws IOException {
        if (columns != null && size > 0) {
            columns.rounded(this, cells, size, factor);
            return this;
        }
        beginArray();
        if (pretty) {
            for (int i = 0; i < size; i++) {
                value((int) Math.round(Double.longBitsToDouble(cells[i]) * factor));
            }
            return endArray();
        }
        for (int i = 0; i < size; i++) {
            item(i, (int) Math.round(Double.longBitsToDouble(cells[i]) * factor));
        }
        hasItems[depth] = size > 0;
        return endArray();
    }

    /** Item {@code i} of an int array being written compactly: its comma, then {@code v}. */
    private void item(int i, int v) throws IOException {
        room(13);
        if (i > 0) {
            buf[n++] = ',';
        }
        if (v < 0) {
            buf[n++] = '-';
            digits(-(long) v);
        } else {
            digits(v);
        }
    }

    /**
     * A JSON array of the doubles whose bits are {@code cells[0..size)}, each as {@link #value(double)} or, with
     * {@code decimals} 0 to 9, as {@link #value(double, int)}: the same bytes, in one tight loop.
     */
    public JsonOut doubleArray(long[] cells, int size, int decimals) throws IOException {
        if (decimals > 9) {
            throw new IllegalArgumentException("decimals must be 0 to 9, found " + decimals);
        }
        if (columns != null && size > 0 && columns.doubles(this, cells, size, decimals)) {
            return this; // else some value is not finite: JSON's null, in a JSON array
        }
        beginArray();
        if (pretty) {
            for (int i = 0; i < size; i++) {
                double v = Double.longBitsToDouble(cells[i]);
                if (decimals < 0) {
                    value(v);
                } else {
                    value(v, decimals);
                }
            }
            return endArray();
        }
        for (int i = 0; i < size; i++) {
            room(Schubfach.MAX_CHARS + 5);
            if (i > 0) {
                buf[n++] = ',';
            }
            double v = Double.longBitsToDouble(cells[i]);
            if (!Double.isFinite(v)) {
                buf[n++] = 'n';
                buf[n++] = 'u';
                buf[n++] = 'l';
                buf[n++] = 'l';
            } else if (decimals < 0) {
                exact(v);
            } else {
                double m = Math.rint(v * TEN[decimals]);
                if (Math.abs(m) < LIMIT) {
                    decimal((long) m, decimals);
                } else {
                    exact(v);
                }
            }
        }
        hasItems[depth] = size > 0;
        return endArray();
    }

    /** A double as Java prints it ({@code 4.0}, {@code 1.0E-5}: what Jackson writes); null when not finite. */
    public JsonOut javaValue(double v) throws IOException {
        return raw(Double.isFinite(v) ? Double.toString(v) : "null");
    }

    /** A string, escaped as Jackson does (quote, backslash, control characters, surrogate pairs), or null. */
    public JsonOut value(String s) throws IOException {
        if (s == null) {
            return raw("null");
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"', '\\' -> b.append('\\').append(c);
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c)) { // Jackson writes characters beyond the BMP as escaped pairs
                        b.append(String.format("\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        separate();
        put(b.append('"').toString().getBytes(StandardCharsets.UTF_8));
        return this;
    }

    public JsonOut value(boolean v) throws IOException {
        return raw(v ? "true" : "false");
    }

    public JsonOut nullValue() throws IOException {
        return raw("null");
    }

    /** Writes what is buffered to the stream and flushes it, leaving it open. */
    public void flush() throws IOException {
        out.write(buf, 0, n);
        n = 0;
        out.flush();
    }

    /** Values rendered by another writer (comma-separated, none open), inserted as they are. */
    public JsonOut splice(byte[] values) throws IOException {
        if (values.length == 0) {
            return this;
        }
        separate();
        put(values);
        return this;
    }

    /** {@link #splice(byte[])} for values rendered into chunks. */
    public JsonOut splice(ByteChunks values) throws IOException {
        if (values.size() == 0) {
            return this;
        }
        separate();
        out.write(buf, 0, n);
        n = 0;
        values.writeTo(out);
        if (values.columns != null) {
            if (columns == null) {
                throw new IllegalArgumentException("a binary part spliced into a JSON answer");
            }
            columns.splice(values.columns);
        }
        return this;
    }

    @Override
    public void close() throws IOException {
        out.write(buf, 0, n);
        n = 0;
        if (columns != null) {
            columns.flush();
        }
        if (target != null) { // a binary answer: its header after its columns, then the header's length
            header.writeTo(target);
            long length = header.size();
            target.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24)});
            header.release();
            target.close();
            return;
        }
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
        inArray[depth] = c == '[';
        if (pretty && c == '{') {
            objects++;
        }
        return this;
    }

    private JsonOut close(char c) throws IOException {
        if (pretty) { // an empty object or array is "{ }" or "[ ]"; a full array ends " ]", a full object on its own line
            if (c == '}') {
                objects--;
            }
            if (c == '}' && hasItems[depth]) {
                newLine("\n", objects);
            } else {
                room(1);
                buf[n++] = ' ';
            }
        }
        room(1);
        buf[n++] = (byte) c;
        depth--;
        hasItems[depth] = true;
        return this;
    }

    private void separate() throws IOException {
        if (pretty) {
            if (inArray[depth]) {
                room(2);
                if (hasItems[depth]) {
                    buf[n++] = ',';
                }
                buf[n++] = ' ';
            }
            hasItems[depth] = true;
            return;
        }
        if (hasItems[depth]) {
            room(1);
            buf[n++] = ',';
        }
        hasItems[depth] = true;
    }

    /** {@code before}, then two spaces per level of {@code indent}. */
    private void newLine(String before, int indent) throws IOException {
        room(before.length() + 2 * indent);
        for (int i = 0; i < before.length(); i++) {
            buf[n++] = (byte) before.charAt(i);
        }
        for (int i = 0; i < 2 * indent; i++) {
            buf[n++] = ' ';
        }
    }

    private void digits(long x) {
        if (x < SMALL) { // every caller made room for at least 4 bytes
            INT_LE.set(buf, n, SMALL_WORD[(int) x]);
            n += SMALL_LENGTH[(int) x];
            return;
        }
        int len = 5;
        for (long p = 100_000; len < 19 && p <= x; p *= 10) {
            len++;
        }
        n += len;
        int end = n;
        while (x >= 1_000_000_000L) { // the low nine digits by int arithmetic, the rest as a long
            long q = x / 1_000_000_000L;
            putDigits((int) (x - q * 1_000_000_000L), end, 9);
            end -= 9;
            x = q;
        }
        putDigits((int) x, end, end - (n - len));
    }

    /** The {@code places} lowest digits of {@code v} (leading zeros included), ending just before {@code end}. */
    private void putDigits(int v, int end, int places) {
        int i = end;
        for (; places >= 2; places -= 2) {
            int q = v / 100;
            int r = (v - q * 100) * 2;
            buf[--i] = PAIRS[r + 1];
            buf[--i] = PAIRS[r];
            v = q;
        }
        if (places == 1) {
            buf[--i] = (byte) ('0' + v % 10);
        }
    }

    /** Appends {@code bytes}: into the buffer, or straight to the stream when they are larger than it. */
    private void put(byte[] bytes) throws IOException {
        room(bytes.length);
        if (bytes.length > buf.length) {
            out.write(bytes);
        } else {
            System.arraycopy(bytes, 0, buf, n, bytes.length);
            n += bytes.length;
        }
    }

    private void room(int bytes) throws IOException {
        if (n + bytes > buf.length) {
            out.write(buf, 0, n);
            n = 0;
        }
    }
}
