package dev.paje.cli;

import dev.paje.render.Format;
import dev.paje.render.Picture;
import dev.paje.render.RenderException;
import dev.paje.render.RenderOptions;
import dev.paje.render.Renderer;
import dev.paje.store.Trace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje render}: the viewer's space-time diagram as an SVG or PNG file, for papers and reports. */
@Command(name = "render", sortOptions = false,
        exitCodeList = {"0:the picture was written",
            "2:wrong usage (unknown container or type, bad window or size, unknown format)"})
final class RenderCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "TRACE", description = "Trace file; '-' or nothing reads standard input.")
    String trace;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE",
            description = {"The picture to write: FILE.svg (vector) or FILE.png;",
        "replaced only once complete. It cannot be TRACE itself."})
    Path output;

    @Mixin
    WindowOptions window;

    @Option(names = {"-c", "--container"}, paramLabel = "PATH", description = {"Only this container and what it holds: a path",
        "such as '/node-1/rank 0' or a name. Repeat for more (default: all)."})
    List<String> containers = new ArrayList<>();

    @Option(names = {"-t", "--type"}, paramLabel = "NAME", description = "Only this entity type. Repeat for more (default: all).")
    List<String> types = new ArrayList<>();

    @Option(names = {"-w", "--width"}, paramLabel = "PX", description = "Picture width in pixels (default: 1920).")
    int width = 1920;

    @Option(names = "--height", paramLabel = "PX", description = {"Picture height in pixels (default: fit the rows, at most "
        + RenderOptions.MAX_AUTO_HEIGHT + ";", "rows get thinner when there are many)."})
    int height;

    @Option(names = "--title", paramLabel = "TEXT", description = "A title above the diagram.")
    String title;

    @Option(names = "--no-legend", description = "Leave out the legend.")
    boolean noLegend;

    @Option(names = "--aggregate", description = {"Draw the leaf children of a container that has many (8 or more)",
        "as one row: per pixel, the share of their time in each state.",
        "Done anyway when the rows would otherwise be too thin."})
    boolean aggregate;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        RenderOptions options = new RenderOptions(window.start, window.end, containers, types, width, height, title, !noLegend,
                aggregate, RenderOptions.defaults().aggregateMin());
        try {
            Format.of(output);
            checkOptions(options);
        } catch (RenderException e) {
            err.println("paje render: " + e.getMessage());
            return 2;
        }
        return command.write(command.loader().summaries(true).build(), trace, output, null, loaded -> {
            Picture picture;
            try {
                picture = SafeOutput.write(output, out -> Renderer.render(loaded.trace(), options, out, Format.of(output)));
            } catch (RenderException e) {
                err.println("paje render: " + e.getMessage());
                return 2;
            }
            if (picture.autoAggregated()) {
                err.println("paje render: note: one row per container would not fit in the picture's height: the leaf children"
                        + " of containers that have many are drawn as one row each (as with --aggregate); see --container"
                        + " and --height");
            }
            return 0;
        });
    }

    /** Checks the sizes and the window before the trace is loaded, so that a typo fails at once. */
    private void checkOptions(RenderOptions o) {
        if (o.width() < RenderOptions.MIN_WIDTH || o.width() > RenderOptions.MAX_WIDTH) {
            throw new RenderException("--width " + o.width() + " is out of range: it must be between "
                    + RenderOptions.MIN_WIDTH + " and " + RenderOptions.MAX_WIDTH);
        }
        if (o.height() != 0 && (o.height() < RenderOptions.MIN_HEIGHT || o.height() > RenderOptions.MAX_HEIGHT)) {
            throw new RenderException("--height " + o.height() + " is out of range: it must be between "
                    + RenderOptions.MIN_HEIGHT + " and " + RenderOptions.MAX_HEIGHT);
        }
        String empty = window.check();
        if (empty != null) {
            throw new RenderException(empty);
        }
    }
}
