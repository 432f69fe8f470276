package dev.paje.format;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The columns of a binary answer ({@code format=bin}, docs/api.md): each column's values as a little-endian typed
 * array padded to 8 bytes, in the order the JSON header names them; in the column's place the header holds
 * {@code {"$": TYPE, "n": COUNT}} (plus {@code "b": BASE} added to every value, and {@code "d": D} when the values
 * are decimals: value = (BASE + q) / 10^D). Writing a number's bytes costs a store where its digits cost divisions,
 * and the page reads most columns as typed arrays over the answer's bytes, without parsing them.
 */
final class TypedColumns {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final double LIMIT = 9e15; // as JsonOut: below 2^53, a scaled value is an exact long
    private static final long[] TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000};

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;
    /** Bytes written to the stream before {@code buf[0]}: alignment counts from the stream's first byte. */
    private long flushed;
    /** Scaled values of the column being written (decimals): kept from the range scan to the write. */
    private long[] scratch = new long[64];

    TypedColumns(OutputStream out) {
        this.out = out;
    }

    /** The ints in the low halves of {@code cells[0..size)}, as the narrowest type (with a base when that narrows it). */
    void ints(JsonOut g, long[] cells, int size) throws IOException {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            long v = (int) cells[i];
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        integers(g, cells, size, lo, hi, true, -1);
    }

    /** {@code (int) Math.round(v * factor)} of the doubles whose bits are {@code cells[0..size)}: as {@link #ints}. */
    void rounded(JsonOut g, long[] cells, int size, double factor) throws IOException {
        long[] q = scratch(size);
        for (int i = 0; i < size; i++) {
            q[i] = (int) Math.round(Double.longBitsToDouble(cells[i]) * factor);
        }
        ints(g, q, size);
    }

    /**
     * The doubles whose bits are {@code cells[0..size)}: exactly ({@code decimals} -1, as float64), or as JSON rounds
     * them to {@code decimals} places: the integers {@code rint(v * 10^decimals)}, which decode to the double that the
     * JSON text parses to (an exact integer divided by an exact power of ten, correctly rounded). Returns false when
     * some value is not finite: JSON writes null there, so the caller writes the column as JSON.
     */
    boolean doubles(JsonOut g, long[] cells, int size, int decimals) throws IOException {
        if (decimals >= 0) {
            long[] q = scratch(size);
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            double largest = 0; // NaN once a value is not finite: the comparison below then fails
            double ten = TEN[decimals];
            for (int i = 0; i < size; i++) { // one pass: a summary's values are a third of a zoomed-out answer
                double m = Math.rint(Double.longBitsToDouble(cells[i]) * ten);
                largest = Math.max(largest, Math.abs(m));
                long v = (long) m;
                q[i] = v;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            if (largest < LIMIT && hi - lo <= 0xFFFF_FFFFL) {
                integers(g, q, size, lo, hi, false, decimals);
                return true;
            }
            if (!finite(cells, size)) {
                return false;
            }
            // some value JSON writes exactly (too large to scale), or a spread beyond 32 bits: each value as JSON parses it
            for (int i = 0; i < size; i++) {
                double v = Double.longBitsToDouble(cells[i]);
                double m = Math.rint(v * TEN[decimals]);
                q[i] = Double.doubleToRawLongBits(Math.abs(m) < LIMIT ? m / TEN[decimals] : v);
            }
            cells = q;
        } else if (!finite(cells, size)) {
            return false;
        }
        descriptor(g, "f64", size, 0, -1);
        align(8);
        for (int i = 0; i < size; ) {
            room(8);
            int end = Math.min(size, i + (buf.length - n) / 8);
            for (; i < end; i++, n += 8) {
                LONG.set(buf, n, cells[i]);
            }
        }
        pad();
        return true;
    }

    /** {@code values[0..size)} in {@code [lo, hi]}: ints ({@code narrowInts}: as the low halves) or scaled decimals. */
    private void integers(JsonOut g, long[] values, int size, long lo, long hi, boolean narrowInts, int decimals)
            throws IOException {
        long base = lo >= 0 && hi <= 0xFFFF ? 0 : lo; // small non-negative values need no base (pixels, levels, counts)
        long span = hi - base;
        String type;
        int bytes;
        if (span <= 0xFF) {
            type = "u8";
            bytes = 1;
        } else if (span <= 0xFFFF) {
            type = "u16";
            bytes = 2;
        } else if (narrowInts) { // ints fit an i32 as they are
            type = "i32";
            bytes = 4;
            base = 0;
        } else {
            type = "u32";
            bytes = 4;
        }
        descriptor(g, type, size, base, decimals);
        // narrowInts: the low halves (a sampler's int cells), else the longs (the loops are unswitched on it)
        for (int i = 0; i < size; ) { // a loop per width, in stretches that fit the buffer: no test per value
            room(8);
            int end = Math.min(size, i + (buf.length - n) / bytes);
            switch (bytes) {
                case 1 -> {
                    for (; i < end; i++) {
                        buf[n++] = (byte) ((narrowInts ? (int) values[i] : values[i]) - base);
                    }
                }
                case 2 -> {
                    for (; i < end; i++, n += 2) {
                        SHORT.set(buf, n, (short) ((narrowInts ? (int) values[i] : values[i]) - base));
                    }
                }
                default -> {
                    for (; i < end; i++, n += 4) {
                        INT.set(buf, n, (int) ((narrowInts ? (int) values[i] : values[i]) - base));
                    }
                }
            }
        }
        pad();
    }

    private static boolean finite(long[] cells, int size) {
        for (int i = 0; i < size; i++) {
            if (!Double.isFinite(Double.longBitsToDouble(cells[i]))) {
                return false;
            }
        }
        return true;
    }

    private static void descriptor(JsonOut g, String type, int size, long base, int decimals) throws IOException {
        g.beginObject();
        g.name("$").value(type);
        g.name("n").value(size);
        if (base != 0) {
            g.name("b").value(base);
        }
        if (decimals >= 0) {
            g.name("d").value(decimals);
        }
        g.endObject();
    }

    /** Zeros up to the next multiple of 8 bytes: every column starts aligned for its typed array, whatever came before. */
    private void pad() throws IOException {
        align(8);
    }

    private void align(int to) throws IOException {
        room(8);
        while (((flushed + n) & (to - 1)) != 0) {
            buf[n++] = 0;
        }
    }

    private void room(int bytes) throws IOException {
        if (n + bytes > buf.length) {
            flush();
        }
    }

    private long[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new long[Math.max(size, 2 * scratch.length)];
        }
        return scratch;
    }

    /** Columns rendered by another writer (a part of the answer), appended after these. */
    void splice(ByteChunks columns) throws IOException {
        flush();
        columns.writeTo(out);
        flushed += columns.size(); // a multiple of 8: every column ends padded
    }

    /** Writes what is buffered to the stream. */
    void flush() throws IOException {
        out.write(buf, 0, n);
        flushed += n;
        n = 0;
    }
}
