package dev.paje.store;

import java.nio.charset.StandardCharsets;

/**
 * The text of link keys, one after the other in rows of one long (eight bytes each): keys are
 * unique per link in many traces, so they live in the store with the links, not in the heap's
 * interned names. A key is referred to by {@code position << 16 | length}.
 */
public final class KeyLog {
    static final int MAX_LENGTH = 0xFFFF;
    final Rows rows;
    private long length;

    KeyLog(Rows rows, long length) {
        this.rows = rows;
        this.length = length;
    }

    /** A key log on the heap (derived tables, tests). */
    public KeyLog() {
        this(new Rows(1), 0);
    }

    long length() {
        return length;
    }

    /** Appends {@code buf[from, to)} and returns its reference. */
    public long append(byte[] buf, int from, int to) {
        int len = to - from;
        if (len > MAX_LENGTH) {
            throw new dev.paje.read.EventError("link key of " + len + " bytes: keys longer than " + MAX_LENGTH
                    + " bytes are not supported");
        }
        long at = length;
        if (rows.drops()) {
            length += len;
            return (at << 16) | len; // counted, not kept
        }
        for (int i = 0; i < len; i++) {
            long p = at + i;
            int row = (int) (p >>> 3);
            if (row == rows.size()) {
                rows.add();
            }
            int shift = (int) (p & 7) * 8;
            if (shift == 0 && i + 8 <= len) {
                long w = 0;
                for (int k = 7; k >= 0; k--) {
                    w = (w << 8) | (buf[from + i + k] & 0xFF);
                }
                rows.set(row, 0, w);
                i += 7;
                continue;
            }
            rows.set(row, 0, rows.get(row, 0) | ((long) (buf[from + i] & 0xFF) << shift));
        }
        length += len;
        return (at << 16) | len;
    }

    /** Appends the UTF-8 bytes of {@code s}. */
    public long append(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return append(b, 0, b.length);
    }

    /** The key {@code ref} refers to. */
    public String text(long ref) {
        int len = (int) (ref & 0xFFFF);
        long at = ref >>> 16;
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            long p = at + i;
            b[i] = (byte) (rows.get((int) (p >>> 3), 0) >>> ((p & 7) * 8));
        }
        return new String(b, StandardCharsets.UTF_8);
    }
}
