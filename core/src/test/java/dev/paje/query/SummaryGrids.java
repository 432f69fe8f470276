package dev.paje.query;

import dev.paje.store.Pyramid;
import java.util.Random;

/** Random windows for comparing summary-based sampling with row-based sampling. */
final class SummaryGrids {
    private SummaryGrids() {
    }

    /** A window whose pixels are 1 to 8 buckets of a random level of {@code s}, on bucket edges, within {@code [start, end]}. */
    static PixelGrid aligned(Random random, Pyramid s, double start, double end) {
        int k = random.nextInt(s.levels());
        double pixel = s.width(k) * (1 << random.nextInt(4));
        int width = 1 + random.nextInt(1500);
        long first = (long) Math.floor((end - start) / pixel * random.nextDouble());
        double ws = start + first * pixel;
        return new PixelGrid(ws, ws + width * pixel, width);
    }

    /** Any window around {@code [start, end]}, 1 to 1500 pixels wide. */
    static PixelGrid unaligned(Random random, double start, double end) {
        double ws = start - 1 + random.nextDouble() * (end - start);
        double we = ws + random.nextDouble() * (end + 1 - ws);
        return new PixelGrid(ws, we, 1 + random.nextInt(1500));
    }
}
