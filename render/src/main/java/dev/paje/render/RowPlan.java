package dev.paje.render;

import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of the diagram before they are placed: which containers get a row, in tree order, and
 * their lanes at the viewer's natural heights (tree.js). With aggregation, the leaf children of a
 * container that has many are replaced by one row.
 */
final class RowPlan {
    /** A row at natural size: lane types and heights, in css pixels. */
    record Spec(Container container, List<Container> members, String label, int depth, List<Type> laneTypes,
            double[] laneHeights, double height) {
    }

    private final Trace trace;
    private final Scope scope;
    private final boolean aggregate;
    private final int aggregateMin;
    final List<Spec> specs = new ArrayList<>();

    RowPlan(Trace trace, Scope scope, boolean aggregate, int aggregateMin) {
        this.trace = trace;
        this.scope = scope;
        this.aggregate = aggregate;
        this.aggregateMin = aggregateMin;
        if (scope.listed() != null) {
            listed(trace.root(), 0);
            return;
        }
        for (Container top : scope.tops()) {
            if (top.parent() == null && lanes(top).isEmpty() && !top.children().isEmpty() && !aggregates(top)) {
                for (Container child : top.children()) { // the root usually holds only the tree: start below it
                    visit(child, 0);
                }
            } else if (top.parent() == null && lanes(top).isEmpty() && aggregates(top)) {
                addAggregate(top, 0);
            } else {
                visit(top, 0);
            }
        }
    }

    double naturalHeight() {
        return specs.stream().mapToDouble(Spec::height).sum();
    }

    boolean anyAggregated() {
        return specs.stream().anyMatch(s -> s.members() != null);
    }

    private void visit(Container c, int depth) {
        specs.add(row(c, depth));
        if (aggregates(c)) {
            addAggregate(c, depth + 1);
        } else {
            for (Container child : c.children()) {
                visit(child, depth + 1);
            }
        }
    }

    /** A viewer's rows: the listed containers in tree order, each indented below its listed ancestors. */
    private void listed(Container c, int depth) {
        int below = depth;
        if (scope.listed(c)) {
            specs.add(row(c, depth));
            below = depth + 1;
        }
        for (Container child : c.children()) {
            listed(child, below);
        }
    }

    /** The row of one container at natural size. */
    private Spec row(Container c, int depth) {
        List<Type> lanes = lanes(c);
        double[] heights = lanes.stream().mapToDouble(RowPlan::laneHeight).toArray();
        double h = lanes.isEmpty() ? Theme.EMPTY_ROW : java.util.Arrays.stream(heights).sum() + 2 * Theme.ROW_PAD;
        return new Spec(c, null, DisplayNames.name(c.name()), depth, lanes, heights, h);
    }

    /** Whether the children of {@code c} are drawn as one row: many of them, all leaves. */
    private boolean aggregates(Container c) {
        return aggregate && c.children().size() >= aggregateMin
                && c.children().stream().allMatch(k -> k.children().isEmpty());
    }

    private void addAggregate(Container parent, int depth) {
        List<Container> members = parent.children();
        List<Type> lanes = new ArrayList<>();
        for (TypeKind kind : new TypeKind[] {TypeKind.STATE, TypeKind.VARIABLE}) {
            for (Type t : trace.types()) {
                if (t.kind() == kind && scope.drawn(t) && members.stream().anyMatch(m -> m.table(t) != null)) {
                    lanes.add(t);
                }
            }
        }
        double[] heights = lanes.stream().mapToDouble(RowPlan::laneHeight).toArray();
        double h = lanes.isEmpty() ? Theme.EMPTY_ROW : java.util.Arrays.stream(heights).sum() + 2 * Theme.ROW_PAD;
        Type kind = members.get(0).type();
        boolean same = members.stream().allMatch(m -> m.type() == kind);
        String label = members.size() + " × " + (same ? DisplayNames.name(kind.name()) : "containers");
        specs.add(new Spec(parent, List.copyOf(members), label, depth, lanes, heights, h));
    }

    /** Lanes of a container, as the viewer: each state type, the events when there is no state, each variable. */
    private List<Type> lanes(Container c) {
        List<Type> states = new ArrayList<>();
        List<Type> events = new ArrayList<>();
        List<Type> variables = new ArrayList<>();
        for (Type t : trace.types()) {
            if (!scope.drawn(t) || c.table(t) == null) {
                continue;
            }
            switch (t.kind()) {
                case STATE -> states.add(t);
                case EVENT -> events.add(t);
                case VARIABLE -> variables.add(t);
                case LINK, CONTAINER -> {
                    // links are drawn between rows; container types hold no tables
                }
            }
        }
        List<Type> lanes = new ArrayList<>(states);
        if (states.isEmpty() && !events.isEmpty()) {
            lanes.add(events.get(0));
        }
        lanes.addAll(variables);
        return lanes;
    }

    private static double laneHeight(Type t) {
        return switch (t.kind()) {
            case STATE -> Theme.STATE_LANE;
            case VARIABLE -> Theme.VAR_LANE;
            default -> Theme.EVENT_LANE;
        };
    }

    /** The rows placed from {@code y0}, every height multiplied by {@code scale}, edges on whole pixels. */
    List<Row> place(double y0, double scale) {
        List<Row> rows = new ArrayList<>(specs.size());
        double y = 0;
        for (Spec s : specs) {
            int top = (int) Math.round(y0 + y * scale);
            List<Lane> lanes = new ArrayList<>();
            double ly = y + Theme.ROW_PAD;
            for (int i = 0; i < s.laneTypes().size(); i++) {
                int lt = (int) Math.round(y0 + ly * scale);
                int lb = (int) Math.round(y0 + (ly + s.laneHeights()[i]) * scale);
                lanes.add(new Lane(s.laneTypes().get(i), lt, lb - lt));
                ly += s.laneHeights()[i];
            }
            y += s.height();
            rows.add(new Row(s.container(), s.members(), s.label(), s.depth(), top,
                    (int) Math.round(y0 + y * scale) - top, lanes));
        }
        return rows;
    }
}
