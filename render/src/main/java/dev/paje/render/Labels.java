package dev.paje.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.LineMetrics;
import java.util.List;

/** Names written inside boxes (state values): cut with an ellipsis to the box, dark or light by the box's colour. */
final class Labels {
    private static final Color DARK = new Color(0, 0, 0, 204);
    private static final Color LIGHT = new Color(255, 255, 255, 242);

    /** A box and the text to write in it. */
    record Label(int x, int y, int w, int h, String text, Color box) {
    }

    private final Graphics2D g;

    Labels(Graphics2D g) {
        this.g = g;
    }

    void draw(List<Label> labels) {
        if (labels.isEmpty()) {
            return;
        }
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(Theme.LABEL);
        for (Label l : labels) {
            String text = fit(Theme.LABEL, l.text(), l.w() - 6);
            if (text.isEmpty()) {
                continue;
            }
            g.setColor(Palette.luminance(l.box()) > 0.55 ? DARK : LIGHT);
            g.drawString(text, l.x() + 4, baseline(Theme.LABEL, l.y() + l.h() / 2f));
        }
    }

    /** The baseline that centres a line of {@code font} on {@code middle}. */
    static float baseline(Font font, float middle) {
        LineMetrics lm = font.getLineMetrics("Ag", Theme.FRC);
        return middle + (lm.getAscent() - lm.getDescent()) / 2f;
    }

    /** {@code text}, or its longest prefix followed by "…" that fits in {@code width} pixels ("" when none does). */
    static String fit(Font font, String text, double width) {
        if (Theme.textWidth(font, text) <= width) {
            return text;
        }
        int lo = 0;
        int hi = text.length();
        while (lo < hi) { // the longest prefix that fits, with its ellipsis
            int mid = (lo + hi + 1) >>> 1;
            if (Theme.textWidth(font, text.substring(0, mid) + "…") <= width) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo == 0 ? "" : text.substring(0, lo) + "…";
    }
}
