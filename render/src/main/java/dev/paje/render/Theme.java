package dev.paje.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;

/** The viewer's look (static/style.css, state.js, draw*.js) in one place: sizes, colours and fonts. */
final class Theme {
    private Theme() {
    }

    // lanes, as the viewer's state.js (css px)
    static final double STATE_LANE = 24;
    static final double VAR_LANE = 30;
    static final double EVENT_LANE = 14;
    static final double EMPTY_ROW = 22;
    static final double ROW_PAD = 3;
    static final double LEVEL_INSET = 3;

    // the frame of the picture
    static final int MARGIN = 12;
    static final int TITLE = 30;
    static final int RULER = 28;
    static final int INDENT = 12;
    static final int LEGEND_GAP = 14;

    static final Color BACKGROUND = Color.WHITE;
    static final Color ROW_ODD = new Color(0xfafaf8);
    static final Color OUTSIDE_LIFE = new Color(0xecebe6);
    static final Color ROW_LINE = new Color(0xe6e6e1);
    static final Color GRID = new Color(0, 0, 0, 13);
    static final Color TEXT = new Color(0x24292f);
    static final Color MUTED = new Color(0x57606a);
    static final Color MINOR_TICK = new Color(0x9aa0a6);
    static final Color STATE_EDGE = new Color(0, 0, 0, 71);
    static final Color HATCH = new Color(255, 255, 255, 140);
    static final Color EVENT_EDGE = new Color(0, 0, 0, 191);
    static final Color EVENT_COUNT = new Color(40, 40, 40, 166);
    static final Color LINK_COUNT = new Color(30, 30, 30, 140);
    static final Color FRAME = new Color(0xd0d7de);

    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
    static final Font BOLD = new Font(Font.SANS_SERIF, Font.BOLD, 11);
    static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);

    /** Text measured the same way for SVG and PNG, so that both lay out alike. */
    static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    static double textWidth(Font f, String s) {
        return f.getStringBounds(s, FRC).getWidth();
    }
}
