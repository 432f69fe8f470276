package dev.paje.read;

/**
 * The first eight bytes of the last time read and the value of their digits: consecutive lines' times share them
 * (67.880045, 67.880046), so most times convert only their bytes after the eighth. One per tokenizer.
 */
final class TimePrefix {
    /** The eight bytes; 0 (no field's bytes) until a first time is learned. */
    private long word;
    /** Their seven digits as an integer. */
    private long value;
    /** Their digits before the dot (1 to 7). */
    private int dot;

    /**
     * The value of a field of {@code n} bytes (9 to 16) whose first sixteen are the words {@code a} and {@code b},
     * when its first eight bytes are digits with one dot after the first, and the others digits: the same integer
     * over the same power of ten as {@link Numbers#field} (the same double). -1 for any other form.
     */
    double read(long a, long b, int n) {
        if (a != word && !learn(a)) {
            return -1;
        }
        int j = n - 8; // digits after the eighth byte: 1 to 8
        long rest = Numbers.digits(b, j);
        if (rest < 0) {
            return -1;
        }
        return (double) (value * Numbers.LONG_POW10[j] + rest) / Numbers.POW10[7 + j - dot];
    }

    /** Takes {@code a} as the prefix when it is digits with one dot after the first; false, keeping the last one, when not. */
    private boolean learn(long a) {
        long dots = Swar.zeros(a ^ Numbers.DOTS);
        int d = Long.numberOfTrailingZeros(dots) >>> 3;
        if (Long.bitCount(dots) != 1 || d == 0) {
            return false;
        }
        long low = -1L >>> (64 - (d << 3));
        long v = Numbers.digits((a & low) | (a >>> 8 & ~low), 7);
        if (v < 0) {
            return false;
        }
        word = a;
        value = v;
        dot = d;
        return true;
    }
}
