package dev.paje.read;

/**
 * The first seven bytes of the last time read and the value of their digits: consecutive lines' times share them
 * (67.880045, 67.880046), so most times convert only their bytes after the seventh. One per tokenizer.
 */
final class TimePrefix {
    /** The seven bytes (the word's low ones); 0 (no field's bytes) until a first time is learned. */
    private long word;
    /** Their six digits as an integer. */
    private long value;
    /** Their digits before the dot (1 to 6). */
    private int dot;

    private static final long SEVEN = -1L >>> 8;

    /**
     * The value of a field of {@code n} bytes (8 to 15: every time of a trace from 0.000000 s on, so that C2 compiles
     * no trap for the longer ones met later) whose first sixteen are the words {@code a} and {@code b}, when its
     * first seven bytes are digits with one dot after the first, and the others digits: the same integer over the
     * same power of ten as {@link Numbers#field} (the same double). -1 for any other form.
     */
    double read(long a, long b, int n) {
        long head = a & SEVEN;
        if (head != word && !learn(head)) {
            return -1;
        }
        int j = n - 7; // digits after the seventh byte: 1 to 8
        long rest = Numbers.digits(a >>> 56 | b << 8, j);
        if (rest < 0) {
            return -1;
        }
        return (double) (value * Numbers.LONG_POW10[j] + rest) / Numbers.POW10[6 + j - dot];
    }

    /** Takes {@code head} as the prefix when it is digits with one dot after the first; false, keeping the last one, when not. */
    private boolean learn(long head) {
        long dots = Swar.zeros(head ^ Numbers.DOTS); // the eighth byte, 0, is no dot
        int d = Long.numberOfTrailingZeros(dots) >>> 3;
        if (Long.bitCount(dots) != 1 || d == 0) {
            return false;
        }
        long low = -1L >>> (64 - (d << 3));
        long v = Numbers.digits((head & low) | (head >>> 8 & ~low), 6);
        if (v < 0) {
            return false;
        }
        word = head;
        value = v;
        dot = d;
        return true;
    }
}
