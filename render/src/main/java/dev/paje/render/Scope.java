package dev.paje.render;

import dev.paje.store.DisplayNames;
import dev.paje.stats.Lookup;
import dev.paje.stats.StatsException;
import dev.paje.stats.StatsOptions;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The options resolved against a trace: the window, the entity types drawn and the containers at
 * the top of the drawn subtrees, or the containers of a viewer's list of rows ({@code listed}, null
 * without one). Names are looked up as {@code paje stats} does.
 */
record Scope(double start, double end, boolean[] typeDrawn, List<Container> tops, boolean[] listed) {

    static Scope of(Trace trace, RenderOptions options) {
        options.choices().check(trace);
        for (String w : options.types()) {
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.CONTAINER && !entityTypeNamed(trace, w)
                        && (w.equals(DisplayNames.name(t.name())) || w.equals(t.name()) || w.equals(t.alias()))) {
                    throw new RenderException("'" + w + "' is a container type; --type takes entity types (states,"
                            + " events, variables, links); to pick containers, use --container");
                }
            }
        }
        Lookup lookup;
        try {
            lookup = Lookup.of(trace, new StatsOptions(options.start(), options.end(), options.containers(),
                    options.types(), null));
        } catch (StatsException e) {
            throw new RenderException(e.getMessage());
        }
        boolean[] drawn = new boolean[trace.types().size()];
        lookup.types().forEach(t -> drawn[t.id()] = true);
        List<Container> tops = new ArrayList<>();
        boolean[] listed = options.choices().listed(trace);
        if (options.containers().isEmpty() || listed != null) { // listed rows: links may join any of them
            tops.add(trace.root());
        } else {
            for (Container c : lookup.containers()) {
                if (tops.stream().noneMatch(top -> isUnder(c, top))) {
                    tops.add(c);
                }
            }
        }
        return new Scope(lookup.start(), lookup.end(), drawn, tops, listed);
    }

    private static boolean entityTypeNamed(Trace trace, String w) {
        return trace.types().stream().anyMatch(t -> t.kind() != TypeKind.CONTAINER
                && (w.equals(DisplayNames.name(t.name())) || w.equals(t.name()) || w.equals(t.alias())));
    }

    /** Whether {@code c} is {@code top} or below it. */
    static boolean isUnder(Container c, Container top) {
        for (Container x = c; x != null; x = x.parent()) {
            if (x == top) {
                return true;
            }
        }
        return false;
    }

    /** Whether container {@code c} has a row of its own in a viewer's list of rows (always true without a list). */
    boolean listed(Container c) {
        return listed == null || listed[c.id()];
    }

    boolean drawn(Type t) {
        return typeDrawn[t.id()];
    }
}
