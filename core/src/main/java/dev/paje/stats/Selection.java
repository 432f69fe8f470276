package dev.paje.stats;

import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@link StatsOptions} resolved against a trace: the window, the entity types and the subjects
 * (containers, or groups of them). Names that match nothing fail with the names that come close.
 */
final class Selection {
    /** A container, or a group: a container of the group-by type and its subtree. */
    record Subject(Container top, List<Container> members) {
    }

    final double start;
    final double end;
    final Type groupBy;
    final boolean[] typeSelected;
    final List<Subject> subjects = new ArrayList<>();
    /** Subject index of each container id, -1 when not selected. */
    final int[] subjectOf;

    Selection(Trace trace, StatsOptions options) {
        start = Double.NEGATIVE_INFINITY == options.start() ? trace.start() : options.start();
        end = Double.POSITIVE_INFINITY == options.end() ? trace.end() : options.end();
        if (Double.isNaN(start) || Double.isNaN(end)) {
            throw new StatsException("the window bounds must be numbers");
        }
        if (start > end) {
            throw new StatsException("empty window: the start (" + start + ") is after the end (" + end + ")");
        }
        typeSelected = TypeLookup.entityTypes(trace, options.types());
        groupBy = options.groupBy() == null ? null : TypeLookup.containerType(trace, options.groupBy());
        boolean[] chosen = containers(trace, options.containers());
        subjectOf = new int[trace.containers().size()];
        Arrays.fill(subjectOf, -1);
        List<Container> order = new ArrayList<>();
        preorder(trace.root(), order);
        for (Container c : order) {
            if (!chosen[c.id()] || subjectOf[c.id()] >= 0) {
                continue;
            }
            if (groupBy == null) {
                subjectOf[c.id()] = subjects.size();
                subjects.add(new Subject(c, List.of(c)));
            } else if (c.type() == groupBy) {
                List<Container> members = new ArrayList<>();
                preorder(c, members);
                for (Container m : members) {
                    subjectOf[m.id()] = subjects.size();
                }
                subjects.add(new Subject(c, members));
            }
        }
        if (groupBy != null && subjects.isEmpty()) {
            throw new StatsException("no container of type '" + DisplayNames.name(groupBy.name()) + "' "
                    + (options.containers().isEmpty() ? "in the trace" : "in or below the selected containers"));
        }
    }

    /** Selected containers (with their subtrees when grouping, so that groups below them are found). */
    private boolean[] containers(Trace trace, List<String> wanted) {
        boolean[] chosen = new boolean[trace.containers().size()];
        if (wanted.isEmpty()) {
            Arrays.fill(chosen, true);
            return chosen;
        }
        for (String w : wanted) {
            List<Container> found = find(trace, w);
            if (found.isEmpty()) {
                boolean byPath = w.startsWith("/");
                List<String> candidates = trace.containers().stream()
                        .map(c -> byPath ? DisplayNames.path(c) : DisplayNames.name(c.name())).collect(Collectors.toList());
                throw new StatsException("no container " + (byPath ? "has the path" : "is named") + " '" + w + "'"
                        + NearMatches.hint(w, candidates)
                        + (byPath ? "" : " (a path starts with '/', such as " + example(trace) + ")"));
            }
            for (Container c : found) {
                if (groupBy == null) {
                    chosen[c.id()] = true;
                } else {
                    List<Container> sub = new ArrayList<>();
                    preorder(c, sub);
                    sub.forEach(s -> chosen[s.id()] = true);
                }
            }
        }
        return chosen;
    }

    private static String example(Trace trace) {
        Container c = trace.root();
        while (!c.children().isEmpty()) {
            c = c.children().get(0);
        }
        return DisplayNames.path(c);
    }

    /** Containers whose path is {@code w} (when it starts with '/'), or whose name or alias is. */
    private static List<Container> find(Trace trace, String w) {
        List<Container> found = new ArrayList<>();
        if (w.startsWith("/")) {
            String path = w.length() > 1 && w.endsWith("/") ? w.substring(0, w.length() - 1) : w;
            for (Container c : trace.containers()) {
                if (DisplayNames.path(c).equals(path)) {
                    found.add(c);
                }
            }
        } else {
            for (Container c : trace.containers()) {
                if (c.name().equals(w) || w.equals(DisplayNames.name(c.name())) || w.equals(c.alias())) {
                    found.add(c);
                }
            }
        }
        return found;
    }

    static void preorder(Container c, List<Container> out) {
        out.add(c);
        for (Container child : c.children()) {
            preorder(child, out);
        }
    }
}
