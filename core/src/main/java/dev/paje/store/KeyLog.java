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
    /** The bytes of the last row as the last {@link #append} left it, when the log was {@code wordEnd} bytes long. */
    private long word;
    private long wordEnd = -1;

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
        // whole rows at a time, the last one's bytes kept in `word`: no read back of a row (that get() was, on a
        // first evicted key block, an uncommon trap in the simulator's compiled methods)
        long w = (at & 7) == 0 ? 0 : at == wordEnd ? word : rows.get((int) (at >>> 3), 0);
        for (int i = 0; i < len; i++) {
            long p = at + i;
            w |= (long) (buf[from + i] & 0xFF) << ((p & 7) * 8);
            if ((p & 7) == 7 || i == len - 1) {
                int row = (int) (p >>> 3);
                if (row == rows.size()) {
                    rows.add();
                }
                rows.set(row, 0, w);
                word = w;
                w = 0;
            }
        }
        length += len;
        wordEnd = length;
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
