package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.store.DisplayNames;
import dev.paje.render.Format;
import dev.paje.render.RenderOptions;
import dev.paje.render.ViewChoices;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parameters of {@code /api/render} checked and turned into the renderer's options: ids are
 * looked up in the trace (404 when unknown), everything malformed is a 400 that says what is wrong.
 */
record RenderRequest(RenderOptions options, Format format) {
    static final int MAX_WIDTH = 10_000;
    static final int MAX_HEIGHT = 10_000;
    /** A PNG of more pixels would take more than ~100 MB of memory to draw. */
    static final long MAX_PIXELS = 25_000_000L;
    private static final int MAX_TITLE = 200;
    private static final Pattern HIDDEN = Pattern.compile("(\\d{1,9}):(\\d{1,9}|\\*)");
    private static final Pattern COLOR = Pattern.compile("(\\d{1,9}):(\\d{1,9}|\\*):([0-9a-fA-F]{6})");

    static RenderRequest parse(Params params, TraceView model) {
        if (model.trace() == null) {
            throw ApiException.notFound("the trace could not be read");
        }
        double start = params.number("start");
        double end = params.number("end");
        if (!(start < end)) {
            throw ApiException.badRequest("start (" + start + ") must be before end (" + end + "): a picture needs a window");
        }
        Format format = format(params.text("format"));
        int width = params.integer("width", RenderOptions.MIN_WIDTH, MAX_WIDTH);
        int height = params.has("height") ? params.integer("height", RenderOptions.MIN_HEIGHT, MAX_HEIGHT) : 0;
        if (format == Format.PNG && (long) width * height > MAX_PIXELS) {
            throw ApiException.badRequest("a PNG of " + width + " × " + height + " pixels is too large: at most "
                    + MAX_PIXELS + " pixels (ask for SVG, or a smaller picture)");
        }
        List<Integer> rows = new ArrayList<>();
        if (params.has("containers")) {
            for (int id : params.ids("containers", model.trace().containers().size())) {
                rows.add(model.container(id).id());
            }
            if (rows.isEmpty()) {
                throw ApiException.badRequest("containers is empty: list the rows to draw, or leave it out for all");
            }
        }
        List<String> types = new ArrayList<>();
        if (params.has("types")) {
            for (int id : params.ids("types", model.trace().types().size())) {
                types.add(model.entityType(id).name());
            }
        }
        Set<ViewChoices.Value> hidden = new LinkedHashSet<>();
        for (String item : list(params, "hidden")) {
            Matcher m = match(HIDDEN, item, "hidden", "TYPE:VALUE or TYPE:*");
            hidden.add(value(model, m.group(1), m.group(2)));
        }
        Map<ViewChoices.Value, Integer> colors = new HashMap<>();
        for (String item : list(params, "colors")) {
            Matcher m = match(COLOR, item, "colors", "TYPE:VALUE:RRGGBB or TYPE:*:RRGGBB");
            colors.put(value(model, m.group(1), m.group(2)), Integer.parseInt(m.group(3), 16));
        }
        String title = params.has("title") ? params.text("title").strip() : "";
        if (title.length() > MAX_TITLE) {
            throw ApiException.badRequest("title is longer than " + MAX_TITLE + " characters");
        }
        RenderOptions options = RenderOptions.defaults().withWindow(start, end).withSize(width, height).withTypes(types)
                .withTitle(title.isEmpty() ? null : title).withChoices(new ViewChoices(rows, hidden, colors));
        return new RenderRequest(options, format);
    }

    private static Format format(String f) {
        for (Format x : Format.values()) {
            if (x.extension().equals(f.toLowerCase(Locale.ROOT))) {
                return x;
            }
        }
        throw ApiException.badRequest("format must be svg or png, found '" + (f.length() > 20 ? f.substring(0, 17) + "..." : f) + "'");
    }

    private static List<String> list(Params params, String name) {
        if (!params.has(name) || params.text(name).isEmpty()) {
            return List.of();
        }
        return List.of(params.text(name).split(",", -1));
    }

    private static Matcher match(Pattern p, String item, String name, String form) {
        Matcher m = p.matcher(item);
        if (!m.matches()) {
            String shown = item.length() > 40 ? item.substring(0, 37) + "..." : item;
            throw ApiException.badRequest(name + " must be a comma-separated list of " + form + ", found '" + shown + "'");
        }
        return m;
    }

    /** A value of an entity type by ids; 404 when the type or the value does not exist. */
    private static ViewChoices.Value value(TraceView model, String type, String value) {
        Type t = model.entityType(Integer.parseInt(type));
        if (value.equals("*")) {
            return new ViewChoices.Value(t.id(), ViewChoices.Value.ALL);
        }
        int v = Integer.parseInt(value);
        if (v >= t.values().size()) {
            throw ApiException.notFound("type " + t.id() + " ('" + DisplayNames.name(t.name()) + "') has no value " + v
                    + ": it has " + t.values().size());
        }
        return new ViewChoices.Value(t.id(), v);
    }
}
