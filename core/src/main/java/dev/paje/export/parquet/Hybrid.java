package dev.paje.export.parquet;

/**
 * Parquet's RLE / bit-packed hybrid encoding of small integers (definition levels, dictionary
 * indices): runs of at least 8 equal values as RLE runs, the rest bit-packed in groups of 8.
 */
final class Hybrid {
    private static final int MAX_GROUPS = 63; // parquet-java's limit: one header byte

    private Hybrid() {
    }

    /** The bits needed for values up to {@code max} (at least 1). */
    static int width(int max) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
    }

    static void encode(int[] values, int n, int width, ByteSink out) {
        int i = 0;
        while (i < n) {
            int run = runAt(values, i, n, Integer.MAX_VALUE);
            if (run >= 8) {
                out.varint((long) run << 1);
                int v = values[i];
                for (int b = 0; b < (width + 7) / 8; b++) {
                    out.put(v >>> (8 * b));
                }
                i += run;
                continue;
            }
            int start = i;
            int groups = 0;
            do {
                i += 8;
                groups++;
            } while (i < n && groups < MAX_GROUPS && runAt(values, i, n, 8) < 8);
            packed(values, start, Math.min(i, n), groups, width, out);
            i = Math.min(i, n);
        }
    }

    private static int runAt(int[] values, int i, int n, int enough) {
        int r = 1;
        while (i + r < n && r < enough && values[i + r] == values[i]) {
            r++;
        }
        return r;
    }

    /** {@code groups} groups of 8 values from {@code from}, zeros past {@code to} (only at the very end). */
    private static void packed(int[] values, int from, int to, int groups, int width, ByteSink out) {
        out.varint((long) groups << 1 | 1);
        long acc = 0;
        int bits = 0;
        for (int k = 0; k < groups * 8; k++) {
            int v = from + k < to ? values[from + k] : 0;
            acc |= (long) v << bits;
            bits += width;
            while (bits >= 8) {
                out.put((int) acc);
                acc >>>= 8;
                bits -= 8;
            }
        }
    }
}
