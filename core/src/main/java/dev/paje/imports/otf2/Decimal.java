package dev.paje.imports.otf2;

/** Unsigned decimal digits written into a byte array: numbers as the tokens the text would hold, no String made. */
final class Decimal {
    private Decimal() {
    }

    /** Writes {@code n} (unsigned) in decimal at {@code at} (20 bytes are enough); returns the end. */
    static int write(long n, byte[] out, int at) {
        if (n < 0) { // above Long.MAX_VALUE: the top digits first, as Long.toUnsignedString
            long q = (n >>> 1) / 5;
            at = write(q, out, at);
            out[at] = (byte) ('0' + (n - q * 10));
            return at + 1;
        }
        int len = 1;
        for (long v = n; v >= 10; v /= 10) {
            len++;
        }
        int end = at + len;
        for (int i = end - 1; i >= at; i--) {
            out[i] = (byte) ('0' + n % 10);
            n /= 10;
        }
        return end;
    }
}
