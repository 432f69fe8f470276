package dev.paje.render;

import dev.paje.store.DisplayNames;
import dev.paje.store.EntityValue;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The viewer's colours (static/util.js), so that a picture matches what users saw on screen: the
 * trace's own {@code Color} when a value has one, else a Tableau 20 colour chosen by the value's
 * name, avoiding colours already taken in the type.
 */
final class Palette {
    static final int[] TABLEAU = {
        0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0xb07aa1, 0xedc948, 0x76b7b2, 0xff9da7,
        0x9c755f, 0xbab0ac, 0xa0cbe8, 0xffbe7d, 0x8cd17d, 0xff9d9a, 0xd4a6c8, 0xf1ce63,
        0x86bcb6, 0xfabfd2, 0xd7b5a6, 0x79706e,
    };
    private static final Pattern HEX = Pattern.compile("#?[0-9a-fA-F]{6}");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s,;]+");

    private final Color[][] values;
    private final Color[] types;
    private final boolean[][] hiddenValues;
    private final boolean[] hiddenTypes;

    Palette(Trace trace) {
        this(trace, ViewChoices.NONE);
    }

    /** The trace's colours with a viewer's choices applied ({@code choices} checked against the trace). */
    Palette(Trace trace, ViewChoices choices) {
        values = new Color[trace.types().size()][];
        types = new Color[trace.types().size()];
        for (Type t : trace.types()) {
            values[t.id()] = assign(t.values());
            Color own = parse(DisplayNames.name(t.color()));
            types[t.id()] = own != null ? own : byName(DisplayNames.name(t.name()));
        }
        choices.colors().forEach((v, rgb) -> {
            if (v.value() == ViewChoices.Value.ALL) {
                types[v.type()] = new Color(rgb);
            } else {
                values[v.type()][v.value()] = new Color(rgb);
            }
        });
        hiddenValues = new boolean[trace.types().size()][];
        hiddenTypes = new boolean[trace.types().size()];
        for (ViewChoices.Value v : choices.hidden()) {
            if (v.value() == ViewChoices.Value.ALL) {
                hiddenTypes[v.type()] = true;
            } else {
                if (hiddenValues[v.type()] == null) {
                    hiddenValues[v.type()] = new boolean[values[v.type()].length];
                }
                hiddenValues[v.type()][v.value()] = true;
            }
        }
    }

    /** Whether value {@code index} of type {@code t} is hidden (by itself, or with all of its type's). */
    boolean hidden(Type t, int index) {
        boolean[] h = hiddenValues[t.id()];
        return hiddenTypes[t.id()] || (h != null && index >= 0 && index < h.length && h[index]);
    }

    /** Whether the whole type is hidden: a variable's line, every value of the others. */
    boolean hidden(Type t) {
        return hiddenTypes[t.id()];
    }

    /** The colour of value {@code index} of type {@code t}. */
    Color value(Type t, int index) {
        Color[] cs = values[t.id()];
        if (index >= 0 && index < cs.length) {
            return cs[index];
        }
        return byName(String.valueOf(index));
    }

    /** The colour of a type itself: the line of a variable. */
    Color type(Type t) {
        return types[t.id()];
    }

    private static Color[] assign(List<EntityValue> vs) {
        Color[] out = new Color[vs.size()];
        Set<Integer> taken = new HashSet<>();
        List<EntityValue> rest = new ArrayList<>();
        for (EntityValue v : vs) {
            Color c = parse(DisplayNames.name(v.color()));
            if (c != null) {
                out[v.index()] = c;
                taken.add(c.getRGB());
            } else {
                rest.add(v);
            }
        }
        rest.sort(Comparator.comparing(v -> DisplayNames.name(v.name())));
        boolean[] used = new boolean[TABLEAU.length];
        for (EntityValue v : rest) {
            int i = Integer.remainderUnsigned(hash(DisplayNames.name(v.name())), TABLEAU.length);
            for (int k = 0; k < TABLEAU.length; k++) {
                int j = (i + k) % TABLEAU.length;
                if (!used[j] && !taken.contains(new Color(TABLEAU[j]).getRGB())) {
                    i = j;
                    break;
                }
            }
            used[i] = true;
            out[v.index()] = new Color(TABLEAU[i]);
        }
        return out;
    }

    /** The palette colour of a name (what the viewer uses for anything without its own colour). */
    static Color byName(String name) {
        return new Color(TABLEAU[Integer.remainderUnsigned(hash(name), TABLEAU.length)]);
    }

    /** FNV-1a over UTF-16 code units, as the viewer's {@code hash}. */
    static int hash(String s) {
        int h = 0x811c9dc5;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x01000193;
        }
        return h;
    }

    /** A Pajé colour ("r g b" in [0,1] or 0-255, or RRGGBB hex), or null when there is none or it is unreadable. */
    static Color parse(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        s = s.trim();
        if (HEX.matcher(s).matches()) {
            return new Color(Integer.parseInt(s.replace("#", ""), 16));
        }
        String[] parts = SEPARATORS.split(s);
        List<Double> nums = new ArrayList<>();
        for (String p : parts) {
            if (!p.isEmpty()) {
                try {
                    nums.add(Double.parseDouble(p));
                } catch (NumberFormatException e) {
                    nums.add(Double.NaN);
                }
            }
        }
        if (nums.size() < 3) {
            return null;
        }
        boolean unit = true;
        for (int i = 0; i < 3; i++) {
            double x = nums.get(i);
            if (!Double.isFinite(x) || x < 0) {
                return null;
            }
            unit &= x <= 1;
        }
        int[] rgb = new int[3];
        for (int i = 0; i < 3; i++) {
            rgb[i] = (int) Math.max(0, Math.min(255, Math.round(unit ? nums.get(i) * 255 : nums.get(i))));
        }
        return new Color(rgb[0], rgb[1], rgb[2]);
    }

    /** Perceived brightness in [0, 1]: dark labels on light colours and light on dark ones. */
    static double luminance(Color c) {
        return (0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue()) / 255;
    }
}
