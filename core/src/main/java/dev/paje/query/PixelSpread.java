package dev.paje.query;

/**
 * Per-pixel sums of weighted intervals, O(1) per interval whatever its length: the partial first
 * and last pixels are added at once, the whole pixels between them through a difference array
 * summed once at the end. What lets an aggregate over 10,000 containers cost O(entities), not
 * O(entities × pixels).
 */
final class PixelSpread {
    private final PixelGrid grid;
    private final double[] part;
    private final double[] diff;
    private boolean done;

    PixelSpread(PixelGrid grid) {
        this.grid = grid;
        this.part = new double[grid.width()];
        this.diff = new double[grid.width() + 1];
    }

    /** Adds {@code weight} × the part of each pixel (in pixel units) that {@code [a, b]} covers, clipped to the window. */
    void add(double a, double b, double weight) {
        add(a, b, weight, null, 0);
    }

    /**
     * {@link #add} here with {@code weight} and into {@code other} (same grid) with {@code otherWeight}: the same sums
     * as two adds, the interval's pixels computed once (a variable aggregate spreads each step twice); no
     * {@code other} when null.
     */
    void add(double a, double b, double weight, PixelSpread other, double otherWeight) {
        a = Math.max(a, grid.start());
        b = Math.min(b, grid.end());
        if (!(b > a)) {
            return;
        }
        double xa = grid.position(a);
        double xb = grid.position(b);
        int first = grid.pixelAt(xa);
        int end = grid.pixelAt(xb);
        add(xa, xb, first, end, weight);
        if (other != null) {
            other.add(xa, xb, first, end, otherWeight);
        }
    }

    private void add(double xa, double xb, int first, int end, double weight) {
        if (first == end) {
            part[first] += (xb - xa) * weight;
            return;
        }
        part[first] += (first + 1 - xa) * weight;
        if (end > first + 1) { // whole pixels first+1 .. end-1
            diff[first + 1] += weight;
            diff[end] -= weight;
        }
        double tail = xb - end;
        if (tail > 0) {
            part[end] += tail * weight;
        }
    }

    /** The sums per pixel (in pixel units × weight); adding after this is an error. */
    double[] sums() {
        if (!done) {
            double run = 0;
            for (int p = 0; p < part.length; p++) {
                run += diff[p];
                part[p] += run;
            }
            done = true;
        }
        return part;
    }
}
