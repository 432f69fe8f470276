package dev.paje.dump;

import java.util.function.IntToDoubleFunction;

/**
 * The rows PajeNG's {@code PajeContainer::enumeratorOfEntitiesTyped(start, end)} returns for a window:
 * libstdc++'s {@code lower_bound} and {@code upper_bound} on the entities' start times (Debian's
 * PajeNG 1.3.6 compares starts on both sides), over the entities in stored order (not always sorted by
 * start), then one more row on each side. It keeps rows that end before the window and may drop ones that cover it; we reproduce it
 * where answers must equal PajeNG's ({@code pj_equals}), not where a user asks for a window.
 */
final class PajeSlice {
    private PajeSlice() {
    }

    /** {@code [from, to)} packed as {@code from << 32 | to}; empty when from >= to (PajeNG then runs past its end). */
    static long of(int n, IntToDoubleFunction start, double from, double to) {
        if (n == 0) {
            return 0;
        }
        int low = lowerBound(n, start, from);
        int up = upperBound(n, start, to);
        if (low != 0) {
            low--;
        }
        if (up != n) {
            up++;
        }
        return low < up ? (long) low << 32 | up : 0;
    }

    /** First row where !(start < t), as libstdc++ searches it. */
    private static int lowerBound(int n, IntToDoubleFunction start, double t) {
        int first = 0;
        int len = n;
        while (len > 0) {
            int half = len >>> 1;
            int middle = first + half;
            if (start.applyAsDouble(middle) < t) {
                first = middle + 1;
                len = len - half - 1;
            } else {
                len = half;
            }
        }
        return first;
    }

    /** First row where t < start, as libstdc++ searches it. */
    private static int upperBound(int n, IntToDoubleFunction start, double t) {
        int first = 0;
        int len = n;
        while (len > 0) {
            int half = len >>> 1;
            int middle = first + half;
            if (t < start.applyAsDouble(middle)) {
                len = half;
            } else {
                first = middle + 1;
                len = len - half - 1;
            }
        }
        return first;
    }
}
