package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which containers a cut keeps, their clipped lifetimes, and how the cut trace names them: by
 * name when that is unambiguous, else by their alias (an unused one is made up when they had none).
 * The root is always kept; it starts at 0 and ends at {@code min(trace end, window end)}.
 */
final class CutContainers {
    final boolean[] kept;
    final double[] from;
    final double[] to;
    /** How events refer to each container. */
    final String[] ref;
    /** The alias to write in the creation, or null. */
    final String[] alias;

    CutContainers(Trace trace, Clip clip, List<Container> preorder) {
        int n = trace.containers().size();
        kept = new boolean[n];
        from = new double[n];
        to = new double[n];
        ref = new String[n];
        alias = new String[n];
        Set<String> taken = new HashSet<>(List.of("0", "/"));
        Map<String, Integer> names = new HashMap<>();
        for (Container c : preorder) {
            int id = c.id();
            if (c.parent() == null) {
                kept[id] = true;
                to[id] = Math.min(trace.end(), clip.end);
                continue;
            }
            kept[id] = clip.keeps(c.start(), c.end(), kept[c.parent().id()]);
            from[id] = clip.from(c.start());
            to[id] = clip.to(c.end());
            taken.add(c.name());
            if (c.alias() != null) {
                taken.add(c.alias());
            }
            if (kept[id]) {
                names.merge(c.name(), 1, Integer::sum);
            }
        }
        ref[0] = "0";
        for (Container c : preorder) {
            int id = c.id();
            if (c.parent() == null || !kept[id]) {
                continue;
            }
            alias[id] = c.alias();
            if (alias[id] == null && (names.get(c.name()) > 1 || c.name().equals("0") || c.name().equals("/"))) {
                String made = "c" + id;
                while (!taken.add(made)) {
                    made = made + "_";
                }
                alias[id] = made;
            }
            ref[id] = alias[id] != null ? alias[id] : c.name();
        }
    }

    /** True when {@code c} is destroyed by an event of its own (not along with its parent). */
    boolean destroyedAlone(Container c) {
        return c.parent() != null && (c.parent().parent() == null || to[c.id()] < to[c.parent().id()]);
    }
}
