package dev.paje.dump;

import dev.paje.store.Container;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Whether two traces are equal as PajeNG's {@code pj_equals} decides it: both container trees walked
 * together depth first (children in identifier order), each container's types compared by kind in
 * identifier order, and within each entity type the entities of the window (as PajeNG slices it:
 * {@link PajeSlice}) compared by count and, one by one, by value identifier (alias, or name). Times and names of containers are not
 * compared, nor the values of variables (only how many segments): what pj_equals checks, so that
 * scripts get the same 1 or 0. Beyond pj_equals, the differences found are described.
 */
public final class TraceEquals {
    /** One trace and the window compared in it; NaN (or -1, as pj_equals reads it) stands for the trace's start and end. */
    public record Side(Trace trace, double start, double end) {
        double from() {
            return Double.isNaN(start) || start == -1 ? trace.start() : start;
        }

        double to() {
            return Double.isNaN(end) || end == -1 ? trace.end() : end;
        }
    }

    /**
     * @param equal what pj_equals prints (1 when true)
     * @param differences the first differences, at most as many as asked, in walk order
     */
    public record Result(boolean equal, List<String> differences) {
    }

    private final Side a;
    private final Side b;
    private final boolean ignoreCase;
    private final int max;
    private final PajeOrder orderA;
    private final PajeOrder orderB;
    private final List<String> differences = new ArrayList<>();

    private TraceEquals(Side a, Side b, boolean ignoreCase, int max) {
        this.a = a;
        this.b = b;
        this.ignoreCase = ignoreCase;
        this.max = Math.max(1, max);
        this.orderA = new PajeOrder(a.trace());
        this.orderB = new PajeOrder(b.trace());
    }

    /** Compares {@code a} and {@code b}, describing up to {@code maxDifferences} differences (pj_equals stops at the first). */
    public static Result compare(Side a, Side b, boolean ignoreCase, int maxDifferences) {
        TraceEquals eq = new TraceEquals(a, b, ignoreCase, maxDifferences);
        eq.walk();
        return new Result(eq.differences.isEmpty(), List.copyOf(eq.differences));
    }

    private void walk() {
        Deque<Container> stackA = new ArrayDeque<>();
        Deque<Container> stackB = new ArrayDeque<>();
        stackA.push(a.trace().root());
        stackB.push(b.trace().root());
        while (!stackA.isEmpty() && !stackB.isEmpty() && differences.size() < max) {
            Container ca = stackA.pop();
            Container cb = stackB.pop();
            List<Type> typesA = orderA.childTypes(ca.type());
            List<Type> typesB = orderB.childTypes(cb.type());
            if (typesA.size() != typesB.size()) {
                differ(ca, cb, "its type " + ca.type().name() + " holds " + typesA.size() + " types in the first trace, "
                        + typesB.size() + " in the second");
                continue;
            }
            for (int i = 0; i < typesA.size() && differences.size() < max; i++) {
                Type ta = typesA.get(i);
                Type tb = typesB.get(i);
                if (ta.kind() != tb.kind()) {
                    differ(ca, cb, "type " + ta.name() + " is a " + kind(ta) + ", but " + tb.name() + " is a " + kind(tb));
                    break;
                }
                if (ta.kind() == TypeKind.CONTAINER) {
                    push(stackA, ca, ta);
                    push(stackB, cb, tb);
                } else {
                    entities(ca, ta, cb, tb);
                }
            }
        }
        if (differences.size() < max && stackA.size() != stackB.size()) {
            differences.add((stackA.isEmpty() ? "the second" : "the first") + " trace has more containers");
        }
    }

    private static void push(Deque<Container> stack, Container c, Type t) {
        for (Container child : PajeOrder.children(c)) {
            if (child.type() == t) {
                stack.push(child);
            }
        }
    }

    private void entities(Container ca, Type ta, Container cb, Type tb) {
        List<String> va = values(ca, ta, a);
        List<String> vb = values(cb, tb, b);
        if (va.size() != vb.size()) {
            differ(ca, cb, ta.name() + ": " + va.size() + " " + plural(ta) + " in the first trace, " + vb.size()
                    + " in the second");
            return;
        }
        for (int j = 0; j < va.size(); j++) {
            String x = va.get(j);
            String y = vb.get(j);
            boolean same = x == null ? y == null : y != null && (ignoreCase ? x.equalsIgnoreCase(y) : x.equals(y));
            if (!same) {
                differ(ca, cb, ta.name() + ": " + ordinal(j + 1) + " " + kind(ta) + " is '" + x + "' in the first trace, '"
                        + y + "' in the second");
                return;
            }
        }
    }

    /** The value identifiers of the window's entities as PajeNG slices them; null for variables (pj_equals skips their values). */
    private static List<String> values(Container c, Type t, Side side) {
        Object table = c.table(t);
        double from = side.from();
        double to = side.to();
        long slice;
        java.util.function.IntFunction<String> value;
        if (table instanceof StateTable s) {
            slice = PajeSlice.of(s.size(), s::start, s::end, from, to);
            value = i -> identifier(t.value(s.value(i)));
        } else if (table instanceof EventTable e) {
            slice = PajeSlice.of(e.size(), e::time, e::time, from, to);
            value = i -> identifier(t.value(e.value(i)));
        } else if (table instanceof LinkTable l) {
            int[] byRank = l.rowsByCompletion(); // PajeNG keeps links in the order they complete
            slice = PajeSlice.of(byRank.length, k -> l.start(byRank[k]), k -> l.end(byRank[k]), from, to);
            value = k -> identifier(t.value(l.value(byRank[k])));
        } else if (table instanceof VariableTable v) {
            slice = PajeSlice.of(v.size(), v::start, v::end, from, to);
            value = i -> null;
        } else {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = (int) (slice >>> 32); i < (int) slice; i++) {
            out.add(value.apply(i));
        }
        return out;
    }

    private static String identifier(EntityValue v) {
        return v.alias() == null || v.alias().isEmpty() ? v.name() : v.alias();
    }

    private void differ(Container ca, Container cb, String what) {
        String where = ca.name().equals(cb.name()) ? "container " + ca.name()
                : "containers " + ca.name() + " (first trace) and " + cb.name() + " (second)";
        differences.add(where + ": " + what);
    }

    private static String kind(Type t) {
        return t.kind().name().toLowerCase(Locale.ROOT);
    }

    private static String plural(Type t) {
        return switch (t.kind()) {
            case STATE -> "states";
            case EVENT -> "events";
            case LINK -> "links";
            case VARIABLE -> "variable segments";
            case CONTAINER -> "containers";
        };
    }

    private static String ordinal(int n) {
        return n + (n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }
}
