package dev.paje.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The hash of a link key and its first two words, as the simulator's table of waiting links holds
 * them: computed once where the key's bytes are in the cache (the tokenizer thread), compared where
 * they are not (the simulating thread).
 */
public final class KeyHash {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Key bytes held in the two words; longer keys are compared byte by byte beyond them. */
    public static final int INLINE = 16;

    private KeyHash() {
    }

    /** Bytes {@code [at, at + n)} of {@code buf} (n at most 8) as a little-endian long, zeros above. */
    public static long word(byte[] buf, int at, int n) {
        if (n <= 0) {
            return 0;
        }
        if (at + 8 <= buf.length) {
            return (long) LONGS.get(buf, at) & (-1L >>> (64 - 8 * n));
        }
        long w = 0;
        for (int j = 0; j < n; j++) {
            w |= (buf[at + j] & 0xFFL) << (8 * j);
        }
        return w;
    }

    /** The key's first word: bytes {@code [from, from + 8)}, zeros past {@code to}. */
    public static long first(byte[] buf, int from, int to) {
        return word(buf, from, Math.min(to - from, 8));
    }

    /** The key's second word: bytes {@code [from + 8, from + 16)}, zeros past {@code to}. */
    public static long second(byte[] buf, int from, int to) {
        int len = to - from;
        return len > 8 ? word(buf, from + 8, Math.min(len - 8, 8)) : 0;
    }

    /** The hash of key {@code buf[from, to)} whose first two words are {@code a} and {@code b}. */
    public static int hash(long a, long b, byte[] buf, int from, int to) {
        int len = to - from;
        long h = a * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(b * 0xC2B2AE3D27D4EB4FL, 31) ^ len;
        for (int i = from + INLINE; i < to; i += 8) {
            h = (h ^ word(buf, i, Math.min(to - i, 8))) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h >>> 32);
    }
}
