package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;

/**
 * Logical time of a trace, for a logical x axis: every instant of every container (see
 * {@link #instants}) gets a Lamport clock, so that if a happened before b (same container and
 * earlier, or linked by a chain of links and later instants) then {@code clock(a) < clock(b)}.
 * Clocks are dense small ints: 0 for the first instant of a container that received nothing.
 * Steps come from states, events and links only; variables follow ({@link #position}): in their
 * container, between the instants around them, or, in a container with nothing but variables,
 * where the whole trace is by then.
 *
 * <pre>{@code
 * LogicalTime lt = LogicalTime.of(trace);
 * double x = lt.position(container.id(), state.start(row));   // where to draw it
 * }</pre>
 */
public final class LogicalTime {
    private final Trace trace;
    private final Timelines lines;
    private final Messages messages;
    private final LamportClocks clocks;
    private final Furthest furthest;
    private final int maxClock;

    private LogicalTime(Trace trace, Timelines lines, Messages messages, LamportClocks clocks) {
        this.trace = trace;
        this.lines = lines;
        this.messages = messages;
        this.clocks = clocks;
        this.furthest = Furthest.of(lines, clocks.clock);
        int max = -1;
        for (int[] c : clocks.clock) {
            if (c.length > 0) {
                max = Math.max(max, c[c.length - 1]);
            }
        }
        this.maxClock = max;
    }

    /** Computes the logical time of every instant of {@code trace} (linear in its size, plus sorting). */
    public static LogicalTime of(Trace trace) {
        Timelines lines = Timelines.of(trace);
        Messages messages = Messages.of(trace, lines);
        return new LogicalTime(trace, lines, messages, new LamportClocks(lines, messages));
    }

    public Trace trace() {
        return trace;
    }

    /** Number of distinct times at which something happens in {@code container}. */
    public int instants(int container) {
        return lines.times[container].length;
    }

    /** The time of instant {@code instant} of {@code container} (instants are in time order). */
    public double time(int container, int instant) {
        return lines.times[container][instant];
    }

    /** The Lamport clock of instant {@code instant} of {@code container}. */
    public int clock(int container, int instant) {
        return clocks.clock[container][instant];
    }

    /** The last instant of {@code container} at or before {@code time}; -1 when none. */
    public int instantAt(int container, double time) {
        return lines.floor(container, time);
    }

    /** The clock of the last instant of {@code container} at or before {@code time}; -1 when none. */
    public int clockAt(int container, double time) {
        int i = lines.floor(container, time);
        return i < 0 ? -1 : clocks.clock[container][i];
    }

    /**
     * Where {@code time} of {@code container} falls on the logical axis: the clock of an instant at
     * that time, else linear between the clocks of the instants around it (clamped at the ends); in a
     * container that {@link #follows} the trace, where the whole trace is by then.
     */
    public double position(int container, double time) {
        if (!lines.active[container]) {
            return furthest.position(time);
        }
        double[] t = lines.times[container];
        int[] c = clocks.clock[container];
        if (t.length == 0) {
            return 0;
        }
        int i = lines.floor(container, time);
        if (i < 0) {
            return c[0];
        }
        if (i == t.length - 1 || t[i] == time) {
            return c[i];
        }
        double f = (time - t[i]) / (t[i + 1] - t[i]);
        return c[i] + f * (c[i + 1] - c[i]);
    }

    /**
     * Whether {@code container} has no instants of its own but its creation and destruction (no state,
     * event or link: only variables, or nothing): its positions are how far the whole trace has gone.
     */
    public boolean follows(int container) {
        return !lines.active[container];
    }

    /** The earliest real time at which the whole trace reaches logical position {@code x}; NaN when it never does. */
    public double furthestTime(double x) {
        return furthest.time(x);
    }

    /** The largest clock (-1 for a trace where nothing happens). */
    public int maxClock() {
        return maxClock;
    }

    /**
     * Links left out of the causal order because they closed a cycle: links that go back in time
     * past other links (clocks out of step), or links of zero duration whose ends share instants with
     * links the other way (a platform graph drawn at one instant).
     */
    public int ignoredLinks() {
        return clocks.brokenCount;
    }

    /** Number of complete links taken as messages. */
    public int links() {
        return messages.size();
    }

    /**
     * Logical clocks of the rows of {@code c}'s table of {@code t}, a state, event or link type: start
     * and end per row (equal for events; a link's start in its source container, its end in its
     * destination; -1 where unknown). Variable steps are not instants: see {@link #position}.
     */
    public Positions positions(Container c, Type t) {
        EntityTable table = c.table(t);
        if (table == null) {
            return new Positions(new int[0], new int[0]);
        }
        int n = table.size();
        int[] start = new int[n];
        int[] end = new int[n];
        int id = c.id();
        for (int r = 0; r < n; r++) {
            if (table instanceof StateTable s) {
                start[r] = at(id, s.start(r));
                end[r] = at(id, s.end(r));
            } else if (table instanceof EventTable e) {
                start[r] = at(id, e.time(r));
                end[r] = start[r];
            } else if (table instanceof VariableTable) {
                throw new IllegalArgumentException("variable steps have positions, not clocks: " + t.name());
            } else if (table instanceof LinkTable l) {
                start[r] = l.complete(r) ? at(l.from(r), l.start(r)) : -1;
                end[r] = l.complete(r) ? at(l.to(r), l.end(r)) : -1;
            }
        }
        return new Positions(start, end);
    }

    private int at(int container, double time) {
        int i = lines.index(container, time);
        return i < 0 ? -1 : clocks.clock[container][i];
    }

    /** Per row of one table, the logical clocks of its start and its end. */
    public record Positions(int[] start, int[] end) {
    }

    Timelines timelines() {
        return lines;
    }

    Messages messages() {
        return messages;
    }

    boolean ignored(int message) {
        return clocks.broken[message];
    }
}
