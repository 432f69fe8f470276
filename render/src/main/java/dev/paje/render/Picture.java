package dev.paje.render;

import dev.paje.store.DisplayNames;
import java.util.List;

/**
 * What a picture holds, for callers that place things on it (image maps, tests) or report on it.
 *
 * @param width picture width in pixels
 * @param height picture height in pixels
 * @param plotLeft x of the diagram's first pixel column (time {@code start})
 * @param plotTop y of the first row
 * @param plotWidth pixel columns of the diagram: one column is {@code (end - start) / plotWidth} seconds
 * @param plotHeight height of the rows
 * @param start time at the left edge of the diagram
 * @param end time at the right edge
 * @param rows the rows, top to bottom
 * @param autoAggregated whether containers were aggregated to make the rows fit
 * @param exact entities drawn exactly
 * @param summarized pixel cells drawn as summaries (state shares, counts, variable ranges, aggregates)
 */
public record Picture(int width, int height, int plotLeft, int plotTop, int plotWidth, int plotHeight, double start,
        double end, List<RowBox> rows, boolean autoAggregated, long exact, long summarized) {

    /**
     * A row: the container's path (for an aggregate, its parent's), the label shown, and its box.
     *
     * @param lanes the row's lanes: entity type name, top and height
     */
    public record RowBox(String path, String label, boolean aggregated, int top, int height, List<LaneBox> lanes) {
        static RowBox of(Row r) {
            return new RowBox(DisplayNames.path(r.container()), r.label(), r.aggregated(), r.top(), r.height(),
                    r.lanes().stream().map(l -> new LaneBox(DisplayNames.name(l.type().name()), l.top(), l.height()))
                            .toList());
        }
    }

    /** A lane of a row: the entity type drawn in it and its vertical extent. */
    public record LaneBox(String type, int top, int height) {
    }

    /** The x of the pixel column holding time {@code t} (clamped to the diagram). */
    public int x(double t) {
        double x = end > start ? (t - start) * plotWidth / (end - start) : 0;
        return plotLeft + (int) Math.max(0, Math.min(plotWidth - 1, Math.floor(x)));
    }
}
