package dev.paje.dump;

import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * The entities PajeNG's {@code PajeContainer::enumeratorOfEntitiesTyped(start, end)} returns for a
 * window (PajeNG 1.3.7 and later): libstdc++'s {@code lower_bound} on the entities' start times
 * ({@code start < from}) and {@code upper_bound} on their end times ({@code to < end}), over the
 * entities in PajeNG's order (states by start, links by completion: not always sorted by either),
 * then one more entity on each side. It may keep entities outside the window and drop some inside;
 * we reproduce it where answers must equal PajeNG's ({@code pj_equals}), not where a user asks for a
 * window. (Debian's 1.3.6 searched starts on both sides.)
 */
final class PajeSlice {
    private PajeSlice() {
    }

    /** {@code [from, to)} of positions {@code 0..n-1}, packed as {@code from << 32 | to}; empty when from >= to. */
    static long of(int n, IntToDoubleFunction start, IntToDoubleFunction end, double from, double to) {
        if (n == 0) {
            return 0;
        }
        int low = lowerBound(n, start, from);
        int up = upperBound(n, end, to);
        if (low != 0) {
            low--;
        }
        if (up != n) {
            up++;
        }
        return low < up ? (long) low << 32 | up : 0;
    }

    /** First position where !(start < t), as libstdc++'s lower_bound searches it. */
    private static int lowerBound(int n, IntToDoubleFunction start, double t) {
        return partitionPoint(n, i -> start.applyAsDouble(i) < t);
    }

    /** First position where t < end, as libstdc++'s upper_bound searches it. */
    private static int upperBound(int n, IntToDoubleFunction end, double t) {
        return partitionPoint(n, i -> !(t < end.applyAsDouble(i)));
    }

    /** The first of {@code n} positions where {@code before} fails, probing the positions libstdc++'s bounds probe. */
    private static int partitionPoint(int n, IntPredicate before) {
        int first = 0;
        int len = n;
        while (len > 0) {
            int half = len >>> 1;
            int middle = first + half;
            if (before.test(middle)) {
                first = middle + 1;
                len = len - half - 1;
            } else {
                len = half;
            }
        }
        return first;
    }
}
