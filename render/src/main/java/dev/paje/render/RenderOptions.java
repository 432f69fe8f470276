package dev.paje.render;

import java.util.List;

/**
 * What to draw and how big.
 *
 * @param start window start; {@code -Infinity} means the start of the trace
 * @param end window end; {@code +Infinity} means the end of the trace
 * @param containers containers by path ({@code /node-1/rank 0}) or name, each drawn with its subtree;
 *     empty means all
 * @param types entity types by name; empty means all
 * @param width picture width in pixels (SVG user units)
 * @param height picture height in pixels; 0 computes it from the rows (at most {@link #MAX_AUTO_HEIGHT})
 * @param title a title above the diagram, or null for none
 * @param legend whether to draw the legend below the diagram
 * @param aggregate whether containers with at least {@code aggregateMin} children are drawn as one
 *     row of stacked state shares instead of one row per descendant
 * @param aggregateMin how many children make a container worth aggregating
 * @param choices a viewer's rows, hidden values and colours ({@link ViewChoices#NONE} for none)
 */
public record RenderOptions(double start, double end, List<String> containers, List<String> types, int width,
        int height, String title, boolean legend, boolean aggregate, int aggregateMin, ViewChoices choices) {
    public static final int MIN_WIDTH = 200;
    public static final int MAX_WIDTH = 20_000;
    public static final int MIN_HEIGHT = 100;
    public static final int MAX_HEIGHT = 20_000;
    /** The tallest picture the automatic height makes: beyond it rows get thinner. */
    public static final int MAX_AUTO_HEIGHT = 2400;

    public RenderOptions {
        containers = List.copyOf(containers);
        types = List.copyOf(types);
        choices = choices == null ? ViewChoices.NONE : choices;
    }

    /** Without a viewer's choices, as {@code paje render} asks. */
    public RenderOptions(double start, double end, List<String> containers, List<String> types, int width, int height,
            String title, boolean legend, boolean aggregate, int aggregateMin) {
        this(start, end, containers, types, width, height, title, legend, aggregate, aggregateMin, ViewChoices.NONE);
    }

    /** The whole trace, every container and type, 1920 px wide, automatic height, with a legend. */
    public static RenderOptions defaults() {
        return new RenderOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of(), List.of(), 1920, 0,
                null, true, false, 8);
    }

    public RenderOptions withWindow(double from, double to) {
        return new RenderOptions(from, to, containers, types, width, height, title, legend, aggregate, aggregateMin, choices);
    }

    public RenderOptions withContainers(List<String> names) {
        return new RenderOptions(start, end, names, types, width, height, title, legend, aggregate, aggregateMin, choices);
    }

    public RenderOptions withTypes(List<String> names) {
        return new RenderOptions(start, end, containers, names, width, height, title, legend, aggregate, aggregateMin, choices);
    }

    public RenderOptions withSize(int w, int h) {
        return new RenderOptions(start, end, containers, types, w, h, title, legend, aggregate, aggregateMin, choices);
    }

    public RenderOptions withTitle(String text) {
        return new RenderOptions(start, end, containers, types, width, height, text, legend, aggregate, aggregateMin, choices);
    }

    public RenderOptions withLegend(boolean on) {
        return new RenderOptions(start, end, containers, types, width, height, title, on, aggregate, aggregateMin, choices);
    }

    public RenderOptions withAggregate(boolean on) {
        return new RenderOptions(start, end, containers, types, width, height, title, legend, on, aggregateMin, choices);
    }

    /** The same picture of the rows, values and colours a viewer shows. */
    public RenderOptions withChoices(ViewChoices c) {
        return new RenderOptions(start, end, containers, types, width, height, title, legend, aggregate, aggregateMin, c);
    }

    /** Checks the sizes; names are checked against the trace when drawing. */
    void check() {
        if (width < MIN_WIDTH || width > MAX_WIDTH) {
            throw new RenderException("width " + width + " is out of range: it must be between " + MIN_WIDTH + " and "
                    + MAX_WIDTH + " pixels");
        }
        if (height != 0 && (height < MIN_HEIGHT || height > MAX_HEIGHT)) {
            throw new RenderException("height " + height + " is out of range: it must be between " + MIN_HEIGHT
                    + " and " + MAX_HEIGHT + " pixels (or 0 to fit the rows)");
        }
        if (Double.isNaN(start) || Double.isNaN(end)) {
            throw new RenderException("the window bounds must be numbers");
        }
        if (start > end) {
            throw new RenderException("empty window: the start (" + start + ") is after the end (" + end + ")");
        }
        if (aggregateMin < 1) {
            throw new RenderException("aggregateMin must be at least 1, found " + aggregateMin);
        }
    }
}
