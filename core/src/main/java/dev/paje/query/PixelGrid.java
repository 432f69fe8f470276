package dev.paje.query;

/**
 * The pixels of a view: {@code width} columns over {@code [start, end]}, each {@code pixel}
 * seconds wide. Samplers use it to decide what is drawn exactly and what is summarized.
 */
public final class PixelGrid {
    private final double start;
    private final double end;
    private final int width;
    private final double pixel;
    private final double perSecond;

    public PixelGrid(double start, double end, int width) {
        if (width < 1) {
            throw new IllegalArgumentException("a grid needs at least one pixel, found width " + width);
        }
        if (!(start <= end)) {
            throw new IllegalArgumentException("start must not be after end, found " + start + " > " + end);
        }
        this.start = start;
        this.end = end;
        this.width = width;
        this.pixel = (end - start) / width;
        this.perSecond = pixel > 0 ? width / (end - start) : 0;
    }

    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    public int width() {
        return width;
    }

    /** Seconds per pixel (0 for an empty window, where everything is exact). */
    public double pixel() {
        return pixel;
    }

    /** The pixel holding time {@code t}, clamped to the window. */
    public int of(double t) {
        // floor((t - start) * perSecond) clamped, without Math.floor (its StrictMath code was in a quarter of a
        // whole-trace answer's profile samples on 10 GB); a cast truncates: the floor from 1 up (NaN: 0, as before)
        double x = (t - start) * perSecond;
        return x < 1 ? 0 : x >= width - 1 ? width - 1 : (int) x;
    }

    /** Where time {@code t} falls, in pixels from the window's start, clamped to {@code [0, width]}. */
    public double position(double t) {
        double x = (t - start) * perSecond;
        return x <= 0 ? 0 : x >= width ? width : x;
    }

    /** The pixel a {@link #position} falls in: the last one for the window's end. */
    public int pixelAt(double x) {
        return Math.min(width - 1, (int) x);
    }

    /** Whether an entity of this duration is drawn exactly (at least one pixel long). */
    public boolean exact(double duration) {
        return duration >= pixel;
    }
}
