package dev.paje.sim;

import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.store.Names;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Store;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import dev.paje.store.TablePrefetch;
import java.util.Locale;

/**
 * The hot path of the simulation: states, events, variables and links, from already interned
 * names. Called once per entity event of the trace; keep it free of allocation and strings
 * (messages are built only when throwing).
 */
final class Entities {
    private final SimOptions options;
    private final Names names;
    private final Resolver resolve;
    private final Slots slots;
    private final Clocks clocks;
    /** Line being simulated, for the clocks (0 when unknown). */
    long line;
    /** The table the last event wrote to, and the row: where user fields go. */
    private Object lastTable;
    private int lastRow;

    private final Store store;

    Entities(SimOptions options, Names names, Resolver resolve, Slots slots, Clocks clocks, Store store) {
        this.store = store;
        this.options = options;
        this.names = names;
        this.resolve = resolve;
        this.slots = slots;
        this.clocks = clocks;
    }

    /** Entity kinds by group ({@link #apply}), indexed by ordinal; -1: not an entity event. */
    private static final byte[] GROUP = groups();
    private static final byte STATE = 0;
    private static final byte EVENT = 1;
    private static final byte VARIABLE = 2;
    private static final byte LINK = 3;

    private static byte[] groups() {
        byte[] g = new byte[EventKind.values().length];
        java.util.Arrays.fill(g, (byte) -1);
        for (EventKind k : EventKind.values()) {
            switch (k) {
                case SET_STATE, PUSH_STATE, POP_STATE, RESET_STATE -> g[k.ordinal()] = STATE;
                case NEW_EVENT -> g[k.ordinal()] = EVENT;
                case SET_VARIABLE, ADD_VARIABLE, SUB_VARIABLE -> g[k.ordinal()] = VARIABLE;
                case START_LINK, END_LINK -> g[k.ordinal()] = LINK;
                default -> { }
            }
        }
        return g;
    }

    /**
     * Dispatches by group, not by kind: a switch on the kind had a case per kind, and one without a count in C2's profile
     * (sparse: this method had been compiled at C1's level 2 while C2 was busy) was compiled as an uncommon trap whose
     * first hit recompiled the simulator's large inlined method (LogCompilation: ~0.4 s of C2 on a 1 GB first load).
     */
    void apply(EventKind kind, double time, int type, int container, int value, double number, int other,
            byte[] keyBuf, int keyFrom, int keyTo) {
        switch (GROUP[kind.ordinal()]) {
            case STATE -> state(kind, time, type, container, value);
            case EVENT -> event(time, type, container, value);
            case VARIABLE -> variable(kind, time, type, container, number);
            case LINK -> link(kind, time, type, container, value, other, keyBuf, keyFrom, keyTo);
            default -> throw new IllegalArgumentException("not an entity event: " + kind);
        }
    }

    /** User fields of the entity the last event created or completed, or null (pop, reset). */
    UserColumns lastUserColumns() {
        if (lastTable instanceof StateTable s) {
            return s.user();
        } else if (lastTable instanceof EventTable e) {
            return e.user();
        } else if (lastTable instanceof VariableTable v) {
            return v.user();
        } else if (lastTable instanceof LinkTable l) {
            return l.user();
        }
        return null;
    }

    int lastRow() {
        return lastRow;
    }

    private void state(EventKind kind, double time, int typeId, int containerId, int valueId) {
        int m = typeId & (MEMO - 1);
        Type type;
        Container c;
        StateStack stack;
        if (memoType[m] == typeId && memoContainer[m] == containerId && memoSlot[m] instanceof StateStack s) {
            type = memoTypes[m];
            c = memoContainers[m];
            stack = s;
            clocks.seen(c.id(), time, line);
        } else {
            type = resolve.type(typeId, "Type", TypeKind.STATE);
            c = container(containerId, type, time);
            stack = (StateStack) slots.get(c.id(), type.id());
            if (stack == null) {
                stack = (StateStack) make(STATE, c, type);
            }
            memo(m, typeId, containerId, type, c, stack);
        }
        if (time < stack.lastTime) {
            throw new EventError("trace is not time-ordered: state " + type.name() + " of '" + c.name()
                    + "' changes at " + time + ", before its change at " + stack.lastTime + " (line "
                    + stack.lastLine + ")");
        }
        stack.lastTime = time;
        stack.lastLine = line;
        lastTable = null;
        switch (kind) {
            case SET_STATE, PUSH_STATE -> { // one push for both: one copy of its inlined row writes in C2's compile
                int value = resolve.value(valueId, type);
                if (kind == EventKind.SET_STATE) {
                    stack.clear(time);
                }
                stack.push(time, value);
                lastTable = stack.table;
                lastRow = stack.top();
            }
            case POP_STATE -> {
                if (stack.depth() == 0) {
                    throw new EventError("PajePopState on an empty stack: container '" + c.name()
                            + "' has no open state of type " + type.name());
                }
                stack.pop(time);
            }
            default -> stack.clear(time);
        }
    }

    private void event(double time, int typeId, int containerId, int valueId) {
        int m = typeId & (MEMO - 1);
        Type type;
        Container c;
        EventTable table;
        int value;
        if (memoType[m] == typeId && memoContainer[m] == containerId && memoSlot[m] instanceof EventTable t) {
            type = memoTypes[m];
            c = memoContainers[m];
            table = t;
            clocks.seen(c.id(), time, line);
            value = resolve.value(valueId, type);
        } else {
            type = resolve.type(typeId, "Type", TypeKind.EVENT);
            c = container(containerId, type, time);
            value = resolve.value(valueId, type);
            table = (EventTable) c.table(type);
            if (table == null) {
                table = (EventTable) make(EVENT, c, type);
            }
            memo(m, typeId, containerId, type, c, table);
        }
        double previous = table.lastTime();
        if (time < previous) {
            throw new EventError("trace is not time-ordered: event " + type.name() + " of '" + c.name()
                    + "' at " + time + " comes after one at " + previous);
        }
        lastTable = table;
        lastRow = table.add(time, value);
    }

    private void variable(EventKind kind, double time, int typeId, int containerId, double number) {
        int m = typeId & (MEMO - 1);
        Type type;
        Container c;
        VariableTable table;
        if (memoType[m] == typeId && memoContainer[m] == containerId && memoSlot[m] instanceof VariableTable t) {
            type = memoTypes[m];
            c = memoContainers[m];
            table = t;
            clocks.seen(c.id(), time, line);
        } else {
            type = resolve.type(typeId, "Type", TypeKind.VARIABLE);
            c = container(containerId, type, time);
            table = (VariableTable) c.table(type);
            if (table == null) {
                table = (VariableTable) make(VARIABLE, c, type);
            }
            memo(m, typeId, containerId, type, c, table);
        }
        double v = options.singlePrecisionVariables() ? (float) number : number;
        double previous = table.lastStart();
        if (time < previous) {
            throw new EventError("trace is not time-ordered: variable " + type.name() + " of '" + c.name()
                    + "' changes at " + time + ", before its change at " + previous);
        }
        if (table.size() == 0 && kind != EventKind.SET_VARIABLE) {
            throw new EventError(kind.specName() + " on variable " + type.name() + " of '" + c.name()
                    + "', which has no value yet: expected a PajeSetVariable first");
        }
        double next = switch (kind) {
            case SET_VARIABLE -> v;
            case ADD_VARIABLE -> table.current() + v;
            default -> table.current() - v;
        };
        lastTable = table;
        lastRow = table.step(time, next);
    }

    private void link(EventKind kind, double time, int typeId, int containerId, int valueId, int otherId,
            byte[] keyBuf, int keyFrom, int keyTo) {
        int m = typeId & (MEMO - 1);
        Type type;
        Container c;
        PendingLinks pending;
        if (memoType[m] == typeId && memoContainer[m] == containerId && memoSlot[m] instanceof PendingLinks p) {
            type = memoTypes[m];
            c = memoContainers[m];
            pending = p;
            clocks.seen(c.id(), time, line);
        } else {
            type = resolve.type(typeId, "Type", TypeKind.LINK);
            c = container(containerId, type, time);
            pending = null;
        }
        boolean start = kind == EventKind.START_LINK;
        Container end = resolve.container(otherId, start ? "StartContainer" : "EndContainer");
        Type expected = start ? type.startType() : type.endType();
        if (end.type() != expected) {
            throw new EventError("link type " + type.name() + " " + (start ? "starts from" : "ends at")
                    + " containers of type " + expected.name() + ", but '" + end.name() + "' is of type "
                    + end.type().name());
        }
        int value = resolve.value(valueId, type);
        if (pending == null) {
            pending = (PendingLinks) slots.get(c.id(), type.id());
            if (pending == null) {
                pending = (PendingLinks) make(LINK, c, type);
            }
            memo(m, typeId, containerId, type, c, pending);
        }
        LinkTable table = pending.table;
        int row = pending.take(keyBuf, keyFrom, keyTo, !start);
        if (row < 0) {
            row = start ? table.add(time, Double.NaN, value, end.id(), -1, keyBuf, keyFrom, keyTo)
                    : table.add(Double.NaN, time, value, -1, end.id(), keyBuf, keyFrom, keyTo);
            pending.wait(keyBuf, keyFrom, keyTo, row, line, start, value, time, end.id());
        } else {
            int waiting = pending.lastTakenValue();
            if (waiting != value) {
                throw new EventError("link key '" + new String(keyBuf, keyFrom, keyTo - keyFrom,
                        java.nio.charset.StandardCharsets.UTF_8) + "': value '" + type.value(value).name()
                        + "' does not match '" + type.value(waiting).name() + "' of its "
                        + (start ? "end" : "start") + " at line " + pending.lastTakenLine());
            }
            if (start) {
                table.complete(row, time, pending.lastTakenTime(), end.id(), pending.lastTakenContainer());
            } else {
                table.complete(row, pending.lastTakenTime(), time, pending.lastTakenContainer(), end.id());
            }
        }
        lastTable = table;
        lastRow = row;
    }

    /**
     * What a (container, type) holds, made on its first event, by group ({@link #GROUP}: the constants' order): its
     * table, stack or pending links. Called from one site ({@link #make}), which C2 sees with four receiver classes and
     * leaves a call: the creation (a table of each kind, their rows and index pages), once per table, is not inlined
     * into each per-event method's compile, where it was a third to a half of their C2 time (LogCompilation).
     */
    private enum Maker {
        STATE {
            @Override
            Object make(Entities e, Container c, Type type) {
                return e.keep(c, type, new StateStack((StateTable) c.tableFor(type, e.store), e.options.noImbrication()));
            }
        },
        EVENT {
            @Override
            Object make(Entities e, Container c, Type type) {
                return c.tableFor(type, e.store);
            }
        },
        VARIABLE {
            @Override
            Object make(Entities e, Container c, Type type) {
                return c.tableFor(type, e.store);
            }
        },
        LINK {
            @Override
            Object make(Entities e, Container c, Type type) {
                return e.keep(c, type, new PendingLinks((LinkTable) c.tableFor(type, e.store)));
            }
        };

        abstract Object make(Entities e, Container c, Type type);
    }

    private static final Maker[] MAKERS = Maker.values();

    private Object make(byte group, Container c, Type type) {
        return MAKERS[group].make(this, c, type);
    }

    private Object keep(Container c, Type type, Object slot) {
        slots.put(c.id(), type.id(), slot);
        return slot;
    }

    /**
     * The last (type, container) resolved per type name id (direct-mapped by its low bits), with its stack or table:
     * the reader groups a chunk's records by container, so most events find their type's entry there and skip the
     * lookups (registries, kind and parent checks, slots). Valid until {@link #forget}: the simulator calls it on
     * every event that defines or destroys anything.
     */
    private static final int MEMO = 64;
    private final int[] memoType = newMemo();
    private final int[] memoContainer = new int[MEMO];
    private final Type[] memoTypes = new Type[MEMO];
    private final Container[] memoContainers = new Container[MEMO];
    private final Object[] memoSlot = new Object[MEMO];

    private static int[] newMemo() {
        int[] m = new int[MEMO];
        java.util.Arrays.fill(m, -1);
        return m;
    }

    private void memo(int m, int typeId, int containerId, Type type, Container c, Object slot) {
        memoType[m] = typeId;
        memoContainer[m] = containerId;
        memoTypes[m] = type;
        memoContainers[m] = c;
        memoSlot[m] = slot;
    }

    /** Drops the memo: types, containers, aliases or a container's state changed. */
    void forget() {
        java.util.Arrays.fill(memoType, -1);
        java.util.Arrays.fill(memoSlot, null);
    }

    /** What {@link #touch} read: kept so that its reads are not dropped as dead code. */
    private long touched;
    private final TablePrefetch prefetch = new TablePrefetch();

    /**
     * Reads what the next events of containers {@code cs[0..n)} will need (their clocks, state stacks, tables' rows and
     * write blocks) in loops whose loads do not depend on each other: the cache misses of a container's first visit in a
     * chunk overlap instead of coming one by one, event after event.
     */
    void touch(Container[] cs, int n) {
        long sum = prefetch.touch(cs, n);
        for (int k = 0; k < n; k++) {
            sum += clocks.touch(cs[k].id());
        }
        for (int k = 0; k < n; k++) {
            for (Object o : slots.of(cs[k].id())) {
                if (o instanceof StateStack s) {
                    sum += s.depth();
                }
            }
        }
        touched += sum;
    }

    /** Resolves the Container field of an entity event and checks it may hold entities of {@code type}. */
    private Container container(int containerId, Type type, double time) {
        Container c = resolve.container(containerId, "Container");
        if (c.type() != type.parent()) {
            throw new EventError(type.kind().name().toLowerCase(Locale.ROOT) + " type " + type.name()
                    + " belongs to containers of type " + type.parent().name() + ", but '" + c.name()
                    + "' is of type " + c.type().name());
        }
        if (!c.isOpen()) {
            throw destroyed(c);
        }
        clocks.tick(c.id(), time, line);
        return c;
    }

    EventError destroyed(Container c) {
        return new EventError("container '" + c.name() + "' was destroyed at " + c.end() + " (line "
                + clocks.destroyedLine(c.id()) + "): nothing may happen in it afterwards");
    }
}
