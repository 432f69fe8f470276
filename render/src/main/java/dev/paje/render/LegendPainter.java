package dev.paje.render;

import dev.paje.store.DisplayNames;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.util.Comparator;
import java.util.List;

/**
 * The legend below the diagram, as the viewer's legend.js lists it: each type drawn (states,
 * events, links, variables) with its values and their colours, then how summaries look. The same
 * code measures (no graphics) and draws, so the space kept for it is the space it takes.
 */
final class LegendPainter {
    static final int LINE = 17;
    private static final int MAX_VALUES = 40;
    private static final int GAP = 14;
    private final List<Type> types;
    private final Palette palette;
    private final int left;
    private final int right;
    private final boolean aggregated;
    private Graphics2D g;
    private int x;
    private int y;

    LegendPainter(List<Type> types, Palette palette, int left, int right, boolean aggregated) {
        this.types = types.stream().sorted(Comparator.comparingInt((Type t) -> order(t.kind())).thenComparingInt(Type::id))
                .toList();
        this.palette = palette;
        this.left = left;
        this.right = right;
        this.aggregated = aggregated;
    }

    private static int order(TypeKind k) {
        return switch (k) {
            case STATE -> 0;
            case EVENT -> 1;
            case LINK -> 2;
            case VARIABLE -> 3;
            case CONTAINER -> 4;
        };
    }

    /** The legend's height. */
    int measure() {
        return flow(null, 0, true);
    }

    /** Draws the legend from {@code top}; the note on hatching only when something was summarized. */
    void draw(Graphics2D graphics, int top, boolean summarized) {
        graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        flow(graphics, top, summarized);
    }

    private int flow(Graphics2D graphics, int top, boolean summarized) {
        g = graphics;
        y = top;
        x = left;
        for (Type t : types) {
            String name = DisplayNames.name(t.name());
            String header = name + " (" + t.kind().name().toLowerCase(java.util.Locale.ROOT) + ")";
            int[] shown = java.util.stream.IntStream.range(0, t.values().size())
                    .filter(v -> !palette.hidden(t, v)).toArray(); // values a viewer hid are not in the picture
            int n = t.kind() == TypeKind.VARIABLE ? 1 : shown.length;
            if (x > left && (n > 6 || x + Theme.textWidth(Theme.BOLD, header) + 120 > right)) {
                newLine(left); // a type with many values starts its own line
            }
            wrap(Theme.textWidth(Theme.BOLD, header), left);
            text(Theme.BOLD, header, Theme.TEXT);
            x += 8;
            int indent = left + 16;
            if (t.kind() == TypeKind.VARIABLE) {
                entry(t, -1, name, indent);
            } else {
                for (int v = 0; v < Math.min(n, MAX_VALUES); v++) {
                    entry(t, shown[v], DisplayNames.name(t.value(shown[v]).name()), indent);
                }
                if (n > MAX_VALUES) {
                    wrap(Theme.textWidth(Theme.LABEL, "… and " + (n - MAX_VALUES) + " more"), indent);
                    text(Theme.LABEL, "… and " + (n - MAX_VALUES) + " more", Theme.MUTED);
                } else if (n == 0) {
                    text(Theme.LABEL, "(no values)", Theme.MUTED);
                }
            }
            x += 2 * GAP;
            if (n > 6) {
                newLine(left);
            }
        }
        if (x > left) {
            newLine(left);
        }
        if (summarized || aggregated) {
            x = left;
            if (summarized) {
                sample(x, y + 3);
                x += 34;
                text(Theme.LABEL, "hatched: summarized (many entities per pixel, stacked by share of time)", Theme.MUTED);
                x += GAP;
            }
            if (aggregated) {
                String note = "“N × type” rows: per pixel, share of those containers' time in each state (innermost), and the sum of their variables";
                wrap(Theme.textWidth(Theme.LABEL, note), left);
                text(Theme.LABEL, note, Theme.MUTED);
            }
            y += LINE;
        }
        g = null;
        return y - top;
    }

    private void entry(Type t, int value, String name, int indent) {
        wrap(16 + Theme.textWidth(Theme.LABEL, name), indent);
        Color c = value < 0 ? palette.type(t) : palette.value(t, value);
        if (g != null) {
            g.setColor(c);
            int sy = y + 4;
            switch (t.kind()) {
                case EVENT -> {
                    Path2D.Float p = new Path2D.Float();
                    p.moveTo(x, sy);
                    p.lineTo(x + 10, sy);
                    p.lineTo(x + 5, sy + 9);
                    p.closePath();
                    g.fill(p);
                    g.setColor(Theme.EVENT_EDGE);
                    g.setStroke(new BasicStroke(1));
                    g.draw(p);
                }
                case LINK, VARIABLE -> g.fillRect(x, sy + 3, 12, 3);
                default -> {
                    g.fillRect(x, sy, 12, 10);
                    g.setColor(Theme.FRAME);
                    g.drawRect(x, sy, 12, 10); // a white value still shows
                }
            }
        }
        x += 16;
        text(Theme.LABEL, name, Theme.TEXT);
        x += GAP;
    }

    private void newLine(int indent) {
        y += LINE;
        x = indent;
    }

    /** Goes to the next line, at {@code indent}, when {@code w} more pixels would pass the right edge. */
    private void wrap(double w, int indent) {
        if (x + w > right && x > indent) {
            y += LINE;
            x = indent;
        }
    }

    private void text(java.awt.Font font, String s, Color c) {
        double w = Theme.textWidth(font, s);
        if (g != null) {
            g.setFont(font);
            g.setColor(c);
            g.drawString(s, x, Labels.baseline(font, y + LINE / 2f));
        }
        x += (int) Math.ceil(w);
    }

    /** A small hatched stack, as summaries look. */
    private void sample(int sx, int sy) {
        if (g == null) {
            return;
        }
        g.setColor(new Color(Palette.TABLEAU[0]));
        g.fillRect(sx, sy, 28, 7);
        g.setColor(new Color(Palette.TABLEAU[1]));
        g.fillRect(sx, sy + 7, 28, 5);
        Hatch h = new Hatch();
        Hatch.Run r = h.run();
        r.add(sx, sy, 28, 12);
        r.end();
        h.draw(g);
    }
}
