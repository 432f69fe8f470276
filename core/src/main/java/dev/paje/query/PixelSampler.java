package dev.paje.query;

/**
 * What the per-pixel samplers share: their window's {@link PixelGrid}, whether they may read a table's
 * summary instead of its rows, and which summary level the last sample read.
 */
public abstract class PixelSampler<S extends PixelSampler<S>> {
    final PixelGrid grid;
    boolean summaries = true;
    /** The summary level the last sample read, or -1 for the rows. */
    int lastLevel = -1;

    PixelSampler(PixelGrid grid) {
        this.grid = grid;
    }

    public PixelGrid grid() {
        return grid;
    }

    /** Whether sampling may read the tables' summaries (true by default); false reads the rows always. */
    @SuppressWarnings("unchecked")
    public S summaries(boolean use) {
        summaries = use;
        return (S) this;
    }

    /** The summary level the last sample read, or -1 for the rows. */
    public int summaryLevel() {
        return lastLevel;
    }
}
