package dev.paje.imports.jfr;

import dev.paje.imports.PajeText;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Writes facts, given in start order, as Pajé lines in global time order: a state is pushed at its
 * start and its pop waits in a queue until the output reaches its end. Within a container's state
 * type the states must nest; one that starts inside an open state and outlasts it ends that open
 * state where it starts (counted in {@link #truncated} unless the open state was only
 * {@linkplain Fact#estimated estimated}). A fact that starts before what is already
 * written (an event of a later chunk that began in an earlier one) is moved to the current time
 * (counted in {@link #moved}). Containers are created at their first use.
 */
final class Timeline {
    /** An open state: its pop waits in the queue. */
    private static final class Open {
        final JfrContainer container;
        final Lane lane;
        final double end;
        final long seq;
        final boolean estimated;
        boolean closed;

        Open(JfrContainer container, Lane lane, double end, long seq, boolean estimated) {
            this.container = container;
            this.lane = lane;
            this.end = end;
            this.seq = seq;
            this.estimated = estimated;
        }
    }

    /** By end; at equal ends the later push (the inner state) pops first. */
    private final PriorityQueue<Open> ends = new PriorityQueue<>(Comparator.comparingDouble((Open o) -> o.end)
            .thenComparing(Comparator.comparingLong((Open o) -> o.seq).reversed()));
    private final PajeText out;
    private double now;
    private long seq;
    private long links;
    private long moved;
    private long truncated;

    Timeline(PajeText out) {
        this.out = out;
    }

    void write(Fact f) {
        double t = f.start;
        if (t < now) {
            moved++;
            t = now;
        }
        drain(t);
        now = t;
        create(f.container, t);
        switch (f.kind) {
            case STATE -> state(f, t);
            case EVENT -> out.entity(f.shape, t, new String[] {f.type, f.container.alias, f.value}, filled(f.user));
            case VARIABLE -> out.setVariable(t, f.type, f.container.alias, f.number);
            case HANDOFF -> {
                create(f.from, t);
                String key = "m" + (++links);
                String jvm = f.container.parent.alias;
                out.entity(f.shape, t, new String[] {f.type, jvm, f.from.alias, f.value, key}, filled(f.user));
                out.endLink(t, f.type, jvm, f.container.alias, f.value, key);
            }
        }
    }

    /** Creates {@code c} (and its parents) at {@code time} unless done already. */
    void create(JfrContainer c, double time) {
        if (c.created) {
            return;
        }
        String parent = "0";
        if (c.parent != null) {
            create(c.parent, time);
            parent = c.parent.alias;
        }
        c.created = true;
        if (c.shape == null) {
            out.createContainer(time, c.alias, c.type, parent, c.name);
        } else {
            out.entity(c.shape, time, new String[] {c.alias, c.type, parent, c.name}, filled(c.user));
        }
    }

    private void state(Fact f, double t) {
        double end = Math.max(f.end, t);
        ArrayDeque<Open> stack = f.container.stack(f.lane);
        while (!stack.isEmpty() && stack.peek().end < end) {
            Open cut = stack.pop();
            cut.closed = true;
            if (!cut.estimated) { // an inferred running state ends where a recorded state begins: no correction
                truncated++;
            }
            out.popState(t, f.lane.type, f.container.alias);
        }
        out.entity(f.shape, t, new String[] {f.lane.type, f.container.alias, f.value}, filled(f.user));
        Open open = new Open(f.container, f.lane, end, ++seq, f.estimated);
        stack.push(open);
        ends.add(open);
    }

    /** Pops every open state that ends at or before {@code limit}, in time order. */
    private void drain(double limit) {
        while (!ends.isEmpty() && ends.peek().end <= limit) {
            Open o = ends.poll();
            if (o.closed) {
                continue;
            }
            ArrayDeque<Open> stack = o.container.stack(o.lane);
            if (stack.peek() != o) {
                throw new IllegalStateException("state stack out of order in " + o.container.name);
            }
            stack.pop();
            out.popState(o.end, o.lane.type, o.container.alias);
            now = Math.max(now, o.end);
        }
    }

    /** User fields with "-" for nothing: PajeNG misreads an empty quoted token ({@code ""}). */
    private static String[] filled(String[] user) {
        for (int i = 0; i < user.length; i++) {
            if (user[i].isEmpty()) {
                user[i] = "-";
            }
        }
        return user;
    }

    /** Closes every state still open, at its end. */
    void finish() {
        drain(Double.POSITIVE_INFINITY);
    }

    /** The time of the last line written. */
    double now() {
        return now;
    }

    long moved() {
        return moved;
    }

    long truncated() {
        return truncated;
    }

    /** What the corrections changed, for the trace's own record; null when nothing was changed. */
    String corrections() {
        if (moved == 0 && truncated == 0) {
            return null;
        }
        return truncated + " state(s) ended early where a later state of the same type started inside and outlasted "
                + "them; " + moved + " fact(s) written later than they began, after what was already written (docs/jfr.md)";
    }
}
