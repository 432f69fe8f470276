package dev.paje.view;

import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Finds the states, events and links that match {@link SearchConditions} in a time window of some
 * containers: the earliest ones up to a limit, the total count, and for plain text the containers
 * whose name contains it. What the viewer's search box and {@code /api/search} answer.
 */
public final class Search {
    private static final Comparator<EntityMatcher.Match> EARLIEST = Comparator.comparingDouble(EntityMatcher.Match::start)
            .thenComparingInt(EntityMatcher.Match::container).thenComparingInt(EntityMatcher.Match::type)
            .thenComparingInt(EntityMatcher.Match::row);

    /**
     * What a search found.
     *
     * @param total how many entities match in all
     * @param containers ids of the containers whose name matches (plain text only)
     * @param matches the earliest matches, at most the limit, earliest first
     */
    public record Result(long total, List<Integer> containers, List<EntityMatcher.Match> matches) {
        public boolean truncated() {
            return total > matches.size();
        }
    }

    private Search() {
    }

    /** Searches {@code containers} of {@code trace} over {@code [start, end]}, keeping the {@code limit} earliest matches. */
    public static Result find(Trace trace, SearchConditions conditions, List<Container> containers, double start,
            double end, int limit) {
        if (start > end) {
            throw ViewException.badRequest("start (" + start + ") is after end (" + end + ")");
        }
        List<Type> entityTypes = trace.types().stream().filter(t -> t.kind() != TypeKind.CONTAINER).toList();
        // the `limit` earliest matches, the latest of them on top to be dropped first
        PriorityQueue<EntityMatcher.Match> kept = new PriorityQueue<>(EARLIEST.reversed());
        long[] total = {0};
        SearchConditions.Matcher matcher = conditions.matcher(trace);
        SearchQuery query = conditions.first();
        List<Integer> named = new ArrayList<>();
        for (Container c : containers) {
            if (conditions.plain() && query.test(DisplayNames.name(c.name()))) {
                named.add(c.id());
            }
            for (Type t : entityTypes) {
                EntityTable table = t.kind() == TypeKind.VARIABLE ? null : c.table(t);
                if (table == null || table instanceof VariableTable) {
                    continue;
                }
                matcher.match(c, t, table, start, end, trace.end(), m -> {
                    total[0]++;
                    kept.add(m);
                    if (kept.size() > limit) {
                        kept.poll();
                    }
                });
            }
        }
        List<EntityMatcher.Match> matches = new ArrayList<>(kept);
        matches.sort(EARLIEST);
        return new Result(total[0], List.copyOf(named), List.copyOf(matches));
    }
}
