package dev.paje.sim;

import dev.paje.read.EventError;
import dev.paje.read.RunSummary;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Store;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.Arrays;

/**
 * Applies a run of entity events summarized by a tokenizer thread ({@link RunSummary}) to the
 * simulation's state, as the events one by one would have: every check {@link Entities} makes, on the
 * summary's first and last times, depths and waiting link halves. Whatever it cannot decide exactly,
 * or a check that fails, ends with {@link RunSummary.Fallback}: the trace is then simulated event by
 * event, which says what is wrong. Only for a store that drops its rows (checking a trace).
 */
final class RunMerge {
    private final Resolver resolve;
    private final Slots slots;
    private final Clocks clocks;
    private final Store store;
    private final boolean flat;
    private Type[] types = new Type[256];
    private Container[] containers = new Container[256];
    private long[] fresh = new long[16];

    RunMerge(Resolver resolve, Slots slots, Clocks clocks, Store store, boolean flat) {
        this.resolve = resolve;
        this.slots = slots;
        this.clocks = clocks;
        this.store = store;
        this.flat = flat;
    }

    void apply(RunSummary s, int r) {
        int first = s.entryStart(r);
        int n = s.entryEnd(r) - first;
        if (types.length < n) {
            types = new Type[Math.max(n, types.length * 2)];
            containers = new Container[types.length];
        }
        try {
            for (int i = 0; i < n; i++) {
                resolveEntry(s, first + i, i);
            }
            declareValues(s, r);
            for (int i = 0; i < n; i++) {
                applyEntry(s, first + i, i);
            }
            checkOthers(s, r, first);
            checkMatches(s, r, first);
            replayHalves(s, r, first);
        } catch (EventError e) {
            throw new RunSummary.Fallback(e.getMessage());
        }
    }

    private static RunSummary.Fallback fallback(String why) {
        return new RunSummary.Fallback(why);
    }

    /** The type and the container of entry {@code e}, checked as {@link Entities#container} does. */
    private void resolveEntry(RunSummary s, int e, int i) {
        TypeKind kind = switch (s.kind(e)) {
            case RunSummary.STATE -> TypeKind.STATE;
            case RunSummary.EVENT -> TypeKind.EVENT;
            case RunSummary.VARIABLE -> TypeKind.VARIABLE;
            default -> TypeKind.LINK;
        };
        Type type = resolve.type(s.type(e), "Type", kind);
        Container c = resolve.container(s.container(e), "Container");
        if (c.type() != type.parent() || !c.isOpen()) {
            throw fallback("container '" + c.name() + "' cannot hold " + type.name() + " now");
        }
        types[i] = type;
        containers[i] = c;
    }

    /** Values the run names that its types do not declare yet, added in the order of their first line, as one by one. */
    private void declareValues(RunSummary s, int r) {
        int count = 0;
        for (int v = s.valueStart(r); v < s.valueEnd(r); v++) {
            Type type = resolve.type(s.valueType(v), "Type", null);
            if (type.valueIndex(s.valueName(v)) < 0) {
                if (count == fresh.length) {
                    fresh = Arrays.copyOf(fresh, count * 2);
                }
                fresh[count++] = s.valueLine(v) << 20 | (v - s.valueStart(r)); // lines below 2^43
            }
        }
        if (count == 0) {
            return;
        }
        if (s.valueEnd(r) - s.valueStart(r) >= 1 << 20) {
            throw fallback("too many values in one run");
        }
        Arrays.sort(fresh, 0, count);
        for (int k = 0; k < count; k++) {
            int v = s.valueStart(r) + (int) (fresh[k] & ((1 << 20) - 1));
            resolve.value(s.valueName(v), resolve.type(s.valueType(v), "Type", null));
        }
    }

    private void applyEntry(RunSummary s, int e, int i) {
        Type type = types[i];
        Container c = containers[i];
        byte kind = s.kind(e);
        if (kind == RunSummary.STATE) {
            state(s, e, type, c);
        } else {
            // one call site of tableFor for the three kinds: C2 inlines its table creation (taken often while the
            // first runs create every table) once here, not once per kind (applyEntry's compilation: 90-130 ms)
            EntityTable table = c.tableFor(type, store);
            if (kind == RunSummary.EVENT) {
                EventTable events = (EventTable) table;
                if (s.firstTime(e) < events.lastTime()) {
                    throw fallback("events out of time order");
                }
                events.countDropped(s.count(e), s.lastTime(e));
            } else if (kind == RunSummary.VARIABLE) {
                VariableTable variables = (VariableTable) table;
                if (s.firstTime(e) < variables.lastStart()) {
                    throw fallback("variable changes out of time order");
                }
                if (variables.size() == 0 && !s.firstSet(e)) {
                    throw fallback("a variable changed before its first set");
                }
                variables.countDropped(s.rows(e), s.firstTime(e), s.lastTime(e), s.current(e, variables.current()));
            } else {
                table.countDropped(s.rows(e)); // the links matched inside the run
            }
        }
        clocks.tick(c.id(), s.maxTime(e), s.maxLine(e));
    }

    private void state(RunSummary s, int e, Type type, Container c) {
        StateStack stack = (StateStack) slots.get(c.id(), type.id());
        if (stack == null) {
            stack = new StateStack((StateTable) c.tableFor(type, store), flat);
            slots.put(c.id(), type.id(), stack);
        }
        if (s.firstTime(e) < stack.lastTime) {
            throw fallback("states out of time order");
        }
        int depth = stack.depth();
        if (depth + s.lowest(e) < 0) {
            throw fallback("a pop on an empty stack");
        }
        if (s.highest(e) != Integer.MIN_VALUE && depth + s.highest(e) >= Short.MAX_VALUE) {
            throw fallback("states nested too deep");
        }
        stack.settle(s.absolute(e) ? s.depth(e) : depth + s.depth(e));
        stack.table.countDropped(s.rows(e));
        stack.lastTime = s.lastTime(e);
        stack.lastLine = s.lastLine(e);
    }

    /** The other end of each link: a container of the type its link type names, as {@link Entities#link} checks. */
    private void checkOthers(RunSummary s, int r, int first) {
        for (int o = s.otherStart(r); o < s.otherEnd(r); o++) {
            Type type = types[s.otherEntry(o) - first];
            boolean start = s.otherIsStart(o);
            Container end = resolve.container(s.otherName(o), start ? "StartContainer" : "EndContainer");
            if (end.type() != (start ? type.startType() : type.endType())) {
                throw fallback("link type " + type.name() + " does not end at containers of type " + end.type().name());
            }
        }
    }

    /** A key matched inside the run under which a half already waited would have matched that half instead. */
    private void checkMatches(RunSummary s, int r, int first) {
        byte[] data = s.data();
        for (int m = s.matchStart(r); m < s.matchEnd(r); m++) {
            int i = s.matchEntry(m) - first;
            if (slots.get(containers[i].id(), types[i].id()) instanceof PendingLinks pending
                    && pending.holds(s.matchHash(m), s.matchK0(m), s.matchK1(m), data, s.matchFrom(m), s.matchTo(m))) {
                throw fallback("a link key matched inside a run had a half waiting before it");
            }
        }
    }

    /** The halves left waiting inside the run, in order, against those waiting before it: as {@link Entities#link}. */
    private void replayHalves(RunSummary s, int r, int first) {
        byte[] data = s.data();
        for (int h = s.halfStart(r); h < s.halfEnd(r); h++) {
            if (s.halfTaken(h)) {
                continue;
            }
            int i = s.halfEntry(h) - first;
            Type type = types[i];
            Container c = containers[i];
            PendingLinks pending = (PendingLinks) slots.get(c.id(), type.id());
            if (pending == null) {
                pending = new PendingLinks((LinkTable) c.tableFor(type, store));
                slots.put(c.id(), type.id(), pending);
            }
            boolean start = s.halfIsStart(h);
            Container end = resolve.container(s.halfOther(h), start ? "StartContainer" : "EndContainer");
            int value = resolve.value(s.halfValue(h), type);
            int from = s.halfKeyFrom(h);
            int to = s.halfKeyTo(h);
            double time = s.halfTime(h);
            LinkTable table = pending.table;
            int row = pending.take(s.halfHash(h), s.halfK0(h), s.halfK1(h), data, from, to, !start);
            if (row < 0) {
                row = start ? table.add(time, Double.NaN, value, end.id(), -1, data, from, to)
                        : table.add(Double.NaN, time, value, -1, end.id(), data, from, to);
                pending.wait(data, from, to, row, s.halfLine(h), start, value, time, end.id());
            } else if (pending.lastTakenValue() != value) {
                throw fallback("a link whose two halves have different values");
            } else if (start) {
                table.complete(row, time, pending.lastTakenTime(), end.id(), pending.lastTakenContainer());
            } else {
                table.complete(row, pending.lastTakenTime(), time, pending.lastTakenContainer(), end.id());
            }
        }
    }
}
