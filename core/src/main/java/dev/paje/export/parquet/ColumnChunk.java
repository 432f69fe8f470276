package dev.paje.export.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.HashMap;
import java.util.Map;

/**
 * One column's part of the row group being written: the values of the current page, the pages
 * already encoded and compressed, and for strings the chunk's dictionary (given up for PLAIN pages
 * once it grows past {@link #DICT_MAX_ENTRIES} or {@link #DICT_MAX_BYTES}: unique keys).
 */
final class ColumnChunk {
    static final int DICT_MAX_ENTRIES = 1 << 16;
    static final int DICT_MAX_BYTES = 1 << 20;
    private static final int PAGE_MAX_BYTES = 1 << 20;
    private static final int PAGE_HEADER_MAX = 32;
    static final int PLAIN = 0;
    static final int RLE = 3;
    static final int RLE_DICTIONARY = 8;
    static final int BYTE_STREAM_SPLIT = 9;

    final Column column;
    private final int pageValues;
    private final Codec codec;
    private final PageCodec external;
    private final PageCompression compression;
    private final boolean split;

    // the current page
    private int count;
    private int[] defs;
    private boolean nulls;
    private final ByteSink plain = new ByteSink(1 << 12);
    private int[] indices;
    private int nIndices;
    private final long[] doubles;
    private int nDoubles;

    // the dictionary of this chunk
    private final Map<String, Integer> dict = new HashMap<>();
    private final ByteSink dictBytes = new ByteSink(1 << 10);
    private boolean dictionary;
    private String last;
    private int lastIndex;
    // the strings met recently, by identity: the export passes the same String objects (a type's value names) again and again
    private final String[] seen = new String[SEEN];
    private final int[] seenIndex = new int[SEEN];
    private static final int SEEN = 64;

    // the chunk's pages, compressed or being compressed
    private final List<Future<PageCompression.Page>> pages = new ArrayList<>();
    private long pageBytes;
    private final ByteSink raw = new ByteSink(1 << 12);
    private final int[] streamEnds = new int[8];
    long values;
    boolean plainPages;
    boolean dictPages;
    boolean splitPages;

    ColumnChunk(Column column, int pageValues, Codec codec, PageCodec external, PageCompression compression,
            boolean splitDoubles) {
        this.column = column;
        this.split = splitDoubles && column.type() == ColumnType.DOUBLE;
        this.pageValues = pageValues;
        this.codec = codec;
        this.external = external;
        this.compression = compression;
        this.defs = column.optional() ? new int[pageValues] : null;
        this.indices = column.type() == ColumnType.STRING ? new int[pageValues] : null;
        this.doubles = column.type() == ColumnType.DOUBLE ? new long[pageValues] : null;
        reset();
    }

    /** Empties the chunk for the next row group (a new dictionary too). */
    void reset() {
        pages.clear();
        pageBytes = 0;
        values = 0;
        plainPages = false;
        dictPages = false;
        splitPages = false;
        dict.clear();
        dictBytes.clear();
        dictionary = column.type() == ColumnType.STRING;
        last = null;
        java.util.Arrays.fill(seen, null);
    }

    /**
     * Bytes held, pages counted uncompressed (an upper bound that does not depend on which pages
     * other threads have compressed yet: row groups are cut at the same rows on every run).
     */
    long bytes() {
        return pageBytes + plain.size() + 4L * nIndices + 8L * nDoubles + dictBytes.size();
    }

    private void defined(boolean present) {
        if (defs != null) {
            defs[count] = present ? 1 : 0;
            nulls |= !present;
        }
        count++;
        values++;
    }

    private void afterValue() {
        if (count == pageValues || plain.size() >= PAGE_MAX_BYTES) {
            finishPage();
        }
    }

    void nullValue() {
        if (!column.optional()) {
            throw new IllegalArgumentException("column " + column.name() + " cannot hold null");
        }
        defined(false);
        afterValue();
    }

    void string(String s) {
        if (s == null) {
            nullValue();
            return;
        }
        defined(true);
        if (dictionary) {
            int index;
            int slot;
            if (s == last) {
                index = lastIndex; // a container's or type's name repeats row after row
            } else if (seen[slot = System.identityHashCode(s) & (SEEN - 1)] == s) {
                index = seenIndex[slot];
                last = s;
                lastIndex = index;
            } else {
                Integer known = dict.get(s);
                if (known == null) {
                    byte[] b = s.getBytes(StandardCharsets.UTF_8);
                    if (dict.size() == DICT_MAX_ENTRIES || dictBytes.size() + b.length + 4 > DICT_MAX_BYTES) {
                        count--;
                        values--;
                        finishPage();
                        dictionary = false; // unique values: the rest of the chunk is PLAIN
                        string(s);
                        return;
                    }
                    known = dict.size();
                    dict.put(s, known);
                    dictBytes.intLE(b.length);
                    dictBytes.put(b, 0, b.length);
                }
                index = known;
                last = s;
                lastIndex = index;
                seen[slot] = s;
                seenIndex[slot] = index;
            }
            indices[nIndices++] = index;
        } else {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            plain.intLE(b.length);
            plain.put(b, 0, b.length);
        }
        afterValue();
    }

    void integer(int v) {
        defined(true);
        plain.intLE(v);
        afterValue();
    }

    /** A double; NaN (unknown) is null. */
    void number(double v) {
        if (Double.isNaN(v)) {
            nullValue();
            return;
        }
        doubles[nDoubles++] = Double.doubleToRawLongBits(v);
        defined(true);
        afterValue();
    }

    /** Encodes, compresses and appends the current page (nothing when it is empty). */
    void finishPage() {
        if (count == 0) {
            return;
        }
        raw.clear();
        if (defs != null) {
            int at = raw.size();
            raw.intLE(0);
            if (nulls) {
                Hybrid.encode(defs, count, 1, raw);
            } else {
                raw.varint((long) count << 1); // one RLE run of 1s
                raw.put(1);
            }
            raw.intLEAt(at, raw.size() - at - 4);
        }
        boolean dictPage = column.type() == ColumnType.STRING && dictionary;
        int encoding = dictPage ? RLE_DICTIONARY : split ? BYTE_STREAM_SPLIT : PLAIN;
        if (dictPage) {
            int width = Hybrid.width(Math.max(0, dict.size() - 1));
            raw.put(width);
            Hybrid.encode(indices, nIndices, width, raw);
            dictPages = true;
        } else if (split) {
            int at = splitBytes(doubles, nDoubles, raw);
            for (int k = 0; k < 8; k++) {
                streamEnds[k] = at + (k + 1) * nDoubles; // each byte stream compressed on its own
            }
            splitPages = true;
        } else if (doubles != null) {
            for (int i = 0; i < nDoubles; i++) {
                raw.longLE(doubles[i]);
            }
            plainPages = true;
        } else {
            raw.put(plain);
            plainPages = true;
        }
        int rawSize = raw.size();
        int values = count;
        int[] ends = encoding == BYTE_STREAM_SPLIT ? streamEnds.clone() : new int[] {rawSize};
        pages.add(compression.submit(codec, external, java.util.Arrays.copyOf(raw.array(), rawSize), ends, (out, rawBytes, packed) ->
                new Thrift(out).begin().i32(1, 0).i32(2, rawBytes).i32(3, packed)
                        .struct(5).i32(1, values).i32(2, encoding).i32(3, RLE).i32(4, RLE).end()
                        .end()));
        pageBytes += rawSize + PAGE_HEADER_MAX;
        count = 0;
        nulls = false;
        plain.clear();
        nIndices = 0;
        nDoubles = 0;
    }

    private static final java.lang.invoke.VarHandle LONG_LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * BYTE_STREAM_SPLIT of {@code n} doubles into {@code out}: byte k of value i at {@code k * n + i};
     * returns where they start. Eight values at a time as an 8 x 8 byte transpose in registers (one
     * long written per stream instead of eight bytes).
     */
    static int splitBytes(long[] values, int n, ByteSink out) {
        int at = out.extend(8 * n);
        byte[] o = out.array();
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long r0 = values[i], r1 = values[i + 1], r2 = values[i + 2], r3 = values[i + 3];
            long r4 = values[i + 4], r5 = values[i + 5], r6 = values[i + 6], r7 = values[i + 7];
            long t;
            // swap 4-byte, then 2-byte, then 1-byte blocks between rows: row k ends with byte k of every value
            t = ((r0 >>> 32) ^ r4) & 0x00000000FFFFFFFFL; r4 ^= t; r0 ^= t << 32;
            t = ((r1 >>> 32) ^ r5) & 0x00000000FFFFFFFFL; r5 ^= t; r1 ^= t << 32;
            t = ((r2 >>> 32) ^ r6) & 0x00000000FFFFFFFFL; r6 ^= t; r2 ^= t << 32;
            t = ((r3 >>> 32) ^ r7) & 0x00000000FFFFFFFFL; r7 ^= t; r3 ^= t << 32;
            t = ((r0 >>> 16) ^ r2) & 0x0000FFFF0000FFFFL; r2 ^= t; r0 ^= t << 16;
            t = ((r1 >>> 16) ^ r3) & 0x0000FFFF0000FFFFL; r3 ^= t; r1 ^= t << 16;
            t = ((r4 >>> 16) ^ r6) & 0x0000FFFF0000FFFFL; r6 ^= t; r4 ^= t << 16;
            t = ((r5 >>> 16) ^ r7) & 0x0000FFFF0000FFFFL; r7 ^= t; r5 ^= t << 16;
            t = ((r0 >>> 8) ^ r1) & 0x00FF00FF00FF00FFL; r1 ^= t; r0 ^= t << 8;
            t = ((r2 >>> 8) ^ r3) & 0x00FF00FF00FF00FFL; r3 ^= t; r2 ^= t << 8;
            t = ((r4 >>> 8) ^ r5) & 0x00FF00FF00FF00FFL; r5 ^= t; r4 ^= t << 8;
            t = ((r6 >>> 8) ^ r7) & 0x00FF00FF00FF00FFL; r7 ^= t; r6 ^= t << 8;
            int base = at + i;
            LONG_LE.set(o, base, r0);
            LONG_LE.set(o, base + n, r1);
            LONG_LE.set(o, base + 2 * n, r2);
            LONG_LE.set(o, base + 3 * n, r3);
            LONG_LE.set(o, base + 4 * n, r4);
            LONG_LE.set(o, base + 5 * n, r5);
            LONG_LE.set(o, base + 6 * n, r6);
            LONG_LE.set(o, base + 7 * n, r7);
        }
        for (; i < n; i++) {
            for (int k = 0; k < 8; k++) {
                o[at + k * n + i] = (byte) (values[i] >>> (8 * k));
            }
        }
        return at;
    }

    /** Whether the chunk starts with a dictionary page. */
    boolean hasDictionary() {
        return dictPages;
    }

    /** The dictionary page (header and compressed content) into {@code out}; returns its uncompressed size. */
    long dictionaryPage(ByteSink out) {
        int entries = dict.size();
        PageCompression.Page p = compression.now(codec, external, java.util.Arrays.copyOf(dictBytes.array(), dictBytes.size()),
                (o, rawBytes, packed) -> new Thrift(o).begin().i32(1, 2).i32(2, rawBytes).i32(3, packed)
                        .struct(7).i32(1, entries).i32(2, PLAIN).end()
                        .end());
        out.put(p.bytes(), 0, p.length());
        return p.uncompressed();
    }

    /**
     * Writes the chunk's data pages in order, waiting for those still being compressed; returns
     * their compressed and uncompressed sizes.
     */
    long[] writePages(OutputStream out) throws IOException {
        long written = 0;
        long uncompressed = 0;
        for (Future<PageCompression.Page> f : pages) {
            PageCompression.Page p = PageCompression.get(f);
            out.write(p.bytes(), 0, p.length());
            written += p.length();
            uncompressed += p.uncompressed();
        }
        return new long[] {written, uncompressed};
    }
}
