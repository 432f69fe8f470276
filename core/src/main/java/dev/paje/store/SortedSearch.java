package dev.paje.store;

import java.util.function.IntToDoubleFunction;

/**
 * The first row whose key reaches a value, among rows whose keys never decrease, found by guessing where it lies
 * from the keys at both ends (interpolation), then widening steps around the guess and bisection inside them.
 * On a store each probe may read a block: a bisection over a summary level read ~12 blocks of which only the last
 * one or two were needed; bucket numbers and times grow about evenly, so the guess lands within a block or two. The
 * answer is the bisection's whatever the keys (for keys in order): only the rows probed differ. Used for summary
 * levels ({@link Pyramid}) and for the end of rows read ahead; {@code Window}'s searches over table rows stay
 * bisections (there it cost ~30 % more CPU when the blocks were cached: bench/RESULTS.md, wt-view9).
 */
public final class SortedSearch {
    /** Rows from the guess to the first widening step (an eighth of a block: the guess is seldom farther). */
    private static final int STEP = 32;
    /** Ranges this small are bisected at once. */
    private static final int SMALL = 64;

    private SortedSearch() {
    }

    /**
     * The first row of {@code [from, to)} whose key is at least {@code x} (above it when {@code strict}; a NaN key
     * counts as reaching it), {@code to} if none; keys must not decrease along the rows.
     */
    public static int first(int from, int to, double x, IntToDoubleFunction key, boolean strict) {
        int lo = from;
        int hi = to;
        if (hi - lo > SMALL) {
            double a = key.applyAsDouble(lo);
            if (reaches(a, x, strict)) {
                return lo;
            }
            double b = key.applyAsDouble(hi - 1);
            if (!reaches(b, x, strict)) {
                return hi;
            }
            // the answer is in (lo, hi - 1]: guess, then widen until a row that does not reach x and one that does
            double f = (x - a) / (b - a);
            int g = lo + 1 + (int) Math.min(hi - lo - 2, Math.max(0, f * (hi - lo - 1))); // NaN: lo + 1
            int below = lo;
            int above = hi - 1;
            if (reaches(key.applyAsDouble(g), x, strict)) {
                above = g;
                for (int s = STEP; above - s > below; s <<= 1) {
                    int p = above - s;
                    if (!reaches(key.applyAsDouble(p), x, strict)) {
                        below = p;
                        break;
                    }
                    above = p;
                }
            } else {
                below = g;
                for (int s = STEP; below + s < above; s <<= 1) {
                    int p = below + s;
                    if (reaches(key.applyAsDouble(p), x, strict)) {
                        above = p;
                        break;
                    }
                    below = p;
                }
            }
            lo = below + 1;
            hi = above; // reaches x: the answer when no row before it does
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (reaches(key.applyAsDouble(mid), x, strict)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static boolean reaches(double k, double x, boolean strict) {
        return !(k < x || (strict && k == x));
    }
}
