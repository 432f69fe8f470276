package dev.paje.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SIMD within a register: byte classes of eight bytes at once, on {@code long} words read little
 * endian (byte {@code k} of the word is bits {@code 8k..8k+7}). A byte mask has bit {@code 8k+7}
 * set for each byte {@code k} that matches, nothing else; all masks here are exact (no false
 * positives from borrows), so they can be iterated with {@link Long#numberOfTrailingZeros}.
 */
final class Swar {
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final long ONES = 0x0101010101010101L;
    static final long HIGH = 0x8080808080808080L;
    static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    static final long NEWLINES = '\n' * ONES;
    static final long SPACES = ' ' * ONES;
    /** Tab (0x09) and CR (0x0D) differ only by bit 2: both are 0x09 once it is cleared. */
    static final long TAB_OR_CR_MASK = ~(0x04 * ONES);
    static final long TABS = '\t' * ONES;
    /** Adding this to the low seven bits of a byte sets its bit 7 exactly when the byte is at least '$' (0x24). */
    static final long BELOW_DOLLAR = (0x80 - '$') * ONES;

    private Swar() {
    }

    /** A byte mask (bit {@code 8k+7} per byte {@code k}) as eight bits, bit {@code k} per byte {@code k}. */
    static long compress(long mask) {
        return (mask >>> 7) * 0x0102040810204080L >>> 56;
    }

    /** Mask of the zero bytes of {@code v}. */
    static long zeros(long v) {
        return ~(((v & LOW7) + LOW7) | v | LOW7);
    }

    /** Mask of the bytes below 0x24 ('$'): every separator, newline, quote and '#' (plus controls and '!'). */
    static long belowDollar(long v) {
        return ~(((v & LOW7) + BELOW_DOLLAR) | v) & HIGH;
    }

    /**
     * The eight bytes at {@code pos}; past {@code length} (the end of the data), newlines. So a
     * line that ends the data without a newline ends at {@code length}, as if it had one.
     */
    static long word(byte[] buf, int pos, int length) {
        if (pos + 8 <= length) {
            return (long) LONGS.get(buf, pos);
        }
        int n = Math.max(0, length - pos); // the bytes left: 0 to 7
        if (pos + 8 <= buf.length) { // room in the array (a chunk's usually has): read, the bytes past the data replaced
            long keep = (1L << (n << 3)) - 1; // n = 0: none kept
            return ((long) LONGS.get(buf, pos) & keep) | (NEWLINES & ~keep);
        }
        return tail(buf, pos, n);
    }

    /**
     * {@link #word} at the very end of an array, byte by byte. Apart and without a loop in word: the tokenizer
     * reads past the data once per chunk, and C2 had compiled that loop, inlined, with a loop-limit check that
     * failed there and recompiled the tokenizer's whole line (bench/RESULTS.md, session 8).
     */
    private static long tail(byte[] buf, int pos, int n) {
        long w = 0;
        for (int i = n - 1; i >= 0; i--) {
            w = (w << 8) | (buf[pos + i] & 0xFF);
        }
        return w | (NEWLINES << (8 * n));
    }

    /** Index of the first newline in {@code buf[from, length)}, or {@code length}. */
    static int newline(byte[] buf, int from, int length) {
        int pos = from;
        while (pos < length) {
            long nl = zeros(word(buf, pos, length) ^ NEWLINES);
            if (nl != 0) {
                return Math.min(length, pos + (Long.numberOfTrailingZeros(nl) >>> 3));
            }
            pos += 8;
        }
        return length;
    }
}
