package dev.paje.view;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A search of {@code /api/search}: one {@link SearchQuery}, or conditions joined by {@code &} that must all
 * hold ({@code File = main.c & Line = 42}: what the source panel's click-forward asks). A query is a
 * conjunction only when every part around an unquoted {@code &} is a condition; else it is one query as before.
 */
public final class SearchConditions {
    private static final int MAX_CONDITIONS = 8;

    private final List<SearchQuery> queries;

    private SearchConditions(List<SearchQuery> queries) {
        this.queries = queries;
    }

    public static SearchConditions parse(String q) {
        List<String> parts = splitOnAnd(q);
        if (parts.size() > 1 && parts.stream().allMatch(SearchQuery::isCondition)) {
            if (parts.size() > MAX_CONDITIONS) {
                throw ViewException.badRequest("too many conditions: " + parts.size() + ", at most " + MAX_CONDITIONS);
            }
            List<SearchQuery> list = new ArrayList<>();
            for (String p : parts) {
                list.add(SearchQuery.parse(p));
            }
            return new SearchConditions(List.copyOf(list));
        }
        return new SearchConditions(List.of(SearchQuery.parse(q)));
    }

    /** The parts of {@code q} between {@code &} outside double or single quotes. */
    private static List<String> splitOnAnd(String q) {
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        for (char ch : q.toCharArray()) {
            if (quote != 0) {
                quote = ch == quote ? 0 : quote;
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
            } else if (ch == '&') {
                parts.add(cur.toString());
                cur.setLength(0);
                continue;
            }
            cur.append(ch);
        }
        parts.add(cur.toString());
        return parts;
    }

    /** The conditions, in the order given (one for a plain query). */
    public List<SearchQuery> queries() {
        return queries;
    }

    /** The first (or only) query. */
    public SearchQuery first() {
        return queries.get(0);
    }

    /** Plain text (then also container names are searched). */
    public boolean plain() {
        return queries.size() == 1 && first().plain();
    }

    /** A matcher of every condition at once over one trace. */
    Matcher matcher(Trace trace) {
        List<EntityMatcher> list = new ArrayList<>();
        for (SearchQuery q : queries) {
            list.add(new EntityMatcher(trace, q));
        }
        return new Matcher(list);
    }

    /** The rows matching all conditions: those of the first, kept when every other matches them too. */
    static final class Matcher {
        private final List<EntityMatcher> matchers;

        private Matcher(List<EntityMatcher> matchers) {
            this.matchers = matchers;
        }

        void match(Container c, Type t, EntityTable table, double start, double end, double traceEnd,
                Consumer<EntityMatcher.Match> out) {
            if (matchers.size() == 1) {
                matchers.get(0).match(c, t, table, start, end, traceEnd, out);
                return;
            }
            List<EntityMatcher.Match> found = new ArrayList<>();
            matchers.get(0).match(c, t, table, start, end, traceEnd, found::add);
            for (int i = 1; i < matchers.size() && !found.isEmpty(); i++) {
                Set<Integer> rows = new HashSet<>();
                matchers.get(i).match(c, t, table, start, end, traceEnd, m -> rows.add(m.row()));
                found.removeIf(m -> !rows.contains(m.row()));
            }
            found.forEach(out);
        }
    }
}
