package dev.paje.server;

/** The pixels of a window: {@code width} columns over {@code [start, end]}, each {@code pixel} seconds wide. */
final class PixelGrid {
    final double start;
    final double end;
    final int width;
    final double pixel;

    PixelGrid(double start, double end, int width) {
        this.start = start;
        this.end = end;
        this.width = width;
        this.pixel = (end - start) / width;
    }

    /** The pixel holding time {@code t}, clamped to the window. */
    int of(double t) {
        if (!(pixel > 0)) {
            return 0;
        }
        double p = Math.floor((t - start) / pixel);
        return p <= 0 ? 0 : p >= width - 1 ? width - 1 : (int) p;
    }

    /** Left edge of pixel {@code p} ({@code edge(width) == end}). */
    double edge(int p) {
        return p == width ? end : start + (end - start) * p / width;
    }

    /** Whether an entity of this duration is drawn exactly (at least one pixel long). */
    boolean exact(double duration) {
        return duration >= pixel;
    }

    /** Overlap of {@code [a, b]} (already inside the window) with pixel {@code p}; 0 when they do not meet. */
    double overlap(double a, double b, int p) {
        double lo = Math.max(a, edge(p));
        double hi = Math.min(b, edge(p + 1));
        return hi > lo ? hi - lo : 0;
    }
}
