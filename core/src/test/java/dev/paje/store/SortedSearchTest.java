package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The search by interpolation answers what bisection answers, for keys in order however they are spread (even,
 * clustered, long runs of one key, gaps, NaN at the end, infinities), in any part of the rows, strict or not; and on
 * evenly spread keys it looks at far fewer rows (on a store, fewer blocks read).
 */
class SortedSearchTest {
    /** The reference: the bisection Window and Pyramid used before. */
    private static int bisect(double[] keys, int from, int to, double x, boolean strict) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            double k = keys[mid];
            if (k < x || (strict && k == x)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double[] keys(Random rnd, int n, int shape) {
        double[] k = new double[n];
        double t = rnd.nextDouble() * 100 - 50;
        for (int i = 0; i < n; i++) {
            t += switch (shape) {
                case 0 -> rnd.nextDouble(); // even
                case 1 -> rnd.nextInt(20) == 0 ? rnd.nextDouble() * 1e6 : rnd.nextDouble() * 1e-3; // bursts and gaps
                case 2 -> rnd.nextInt(50) == 0 ? 1 : 0; // long runs of one key (bucket numbers)
                case 3 -> Math.exp(rnd.nextDouble() * 20) * 1e-6; // steps of every size
                default -> 0; // one key
            };
            k[i] = t;
        }
        if (shape == 1 && n > 0 && rnd.nextBoolean()) {
            k[n - 1] = rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NaN; // an open end
        }
        return k;
    }

    @Test
    void answersAsBisectionWhateverTheKeys() {
        Random rnd = new Random(13);
        for (int round = 0; round < 3_000; round++) {
            int n = rnd.nextInt(10) == 0 ? rnd.nextInt(5) : rnd.nextInt(rnd.nextBoolean() ? 300 : 20_000);
            double[] k = keys(rnd, n, rnd.nextInt(5));
            int from = n == 0 || rnd.nextBoolean() ? 0 : rnd.nextInt(n);
            int to = n == 0 || rnd.nextBoolean() ? n : from + rnd.nextInt(n - from + 1);
            for (int q = 0; q < 20; q++) {
                double x = n == 0 ? 0 : switch (rnd.nextInt(4)) {
                    case 0 -> k[rnd.nextInt(n)]; // a key there
                    case 1 -> k[0] - 1 - rnd.nextDouble(); // before all
                    case 2 -> k[n - 1] + 1; // after all (NaN or infinity: no row reaches it, or every one)
                    default -> k[rnd.nextInt(n)] + (rnd.nextDouble() - 0.5) * 1e-3;
                };
                boolean strict = rnd.nextBoolean();
                double[] keys = k;
                int expected = bisect(keys, from, to, x, strict);
                int found = SortedSearch.first(from, to, x, i -> {
                    assertThat(i).as("a row inside the range").isBetween(from, to - 1);
                    return keys[i];
                }, strict);
                assertThat(found).as("round %d, %d rows [%d, %d), x %s, strict %s", round, n, from, to, x, strict)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void evenKeysAreFoundInFewerBlocks() {
        Random rnd = new Random(7);
        double[] k = keys(rnd, 1_000_000, 0);
        long searched = 0;
        long bisected = 0;
        int most = 0;
        for (int q = 0; q < 1_000; q++) {
            double x = k[0] + rnd.nextDouble() * (k[k.length - 1] - k[0]);
            java.util.Set<Integer> blocks = new java.util.HashSet<>();
            int found = SortedSearch.first(0, k.length, x, i -> {
                blocks.add(i / Rows.BLOCK_ROWS);
                return k[i];
            }, false);
            assertThat(found).isEqualTo(bisect(k, 0, k.length, x, false));
            java.util.Set<Integer> bisectBlocks = new java.util.HashSet<>();
            int lo = 0;
            int hi = k.length;
            while (lo < hi) { // the bisection again, its blocks counted
                int mid = (lo + hi) >>> 1;
                bisectBlocks.add(mid / Rows.BLOCK_ROWS);
                if (k[mid] < x) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            searched += blocks.size();
            bisected += bisectBlocks.size();
            most = Math.max(most, blocks.size());
        }
        // bisection reads ~12 blocks spread over the table; here the two ends (the same for every search, so kept
        // in the cache), the guess's block and a few around it
        assertThat(searched).as("blocks per 1,000 searches").isLessThan(bisected / 2);
        assertThat(most).isLessThanOrEqualTo(2 + 6);
    }
}
