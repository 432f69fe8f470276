package dev.paje.export;

/**
 * What a cut keeps and how it clips it, in one place. An interval {@code [a, b]} is kept when it
 * overlaps the window for a positive time, or when it is an instant ({@code a == b}) inside the
 * window; either way only when its parent (enclosing state, parent container) is kept too. It is
 * clipped to {@code [max(a, start), min(b, end)]}. Points are kept when inside the closed window.
 */
final class Clip {
    final double start;
    final double end;

    Clip(CutOptions window) {
        this.start = window.start();
        this.end = window.end();
    }

    boolean keeps(double a, double b, boolean parentKept) {
        return parentKept && (from(a) < to(b) || (a == b && keeps(a)));
    }

    boolean keeps(double t) {
        return t >= start && t <= end;
    }

    double from(double a) {
        return Math.max(a, start);
    }

    double to(double b) {
        return Math.min(b, end);
    }

    /** First index in {@code [0, n)} whose key is >= {@code x}. */
    static int firstAtOrAfter(int n, double x, java.util.function.IntToDoubleFunction key) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (key.applyAsDouble(mid) < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
