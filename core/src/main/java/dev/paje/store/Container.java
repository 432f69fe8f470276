package dev.paje.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A node of the container tree (a machine, a process, a thread…) with the entity tables of each
 * entity type it holds. {@link #end()} is NaN until the container is destroyed or the trace ends.
 */
public final class Container {
    private final int id;
    private final String name;
    private final String alias;
    private final Type type;
    private final Container parent;
    private final double start;
    private double end = Double.NaN;
    private final List<Container> children = new ArrayList<>();
    private EntityTable[] tables = new EntityTable[0];
    private java.util.Map<String, String> user;

    public Container(int id, String name, String alias, Type type, Container parent, double start) {
        this.id = id;
        this.name = name;
        this.alias = alias;
        this.type = type;
        this.parent = parent;
        this.start = start;
        if (parent != null) {
            parent.children.add(this);
        }
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** The alias used in the trace, or null. */
    public String alias() {
        return alias;
    }

    public Type type() {
        return type;
    }

    /** The parent container; null for the root. */
    public Container parent() {
        return parent;
    }

    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    public boolean isOpen() {
        return Double.isNaN(end);
    }

    public void close(double time) {
        end = time;
    }

    public List<Container> children() {
        return Collections.unmodifiableList(children);
    }

    /** The table of entity type {@code t}, or null when this container has none. */
    public EntityTable table(Type t) {
        return t.id() < tables.length ? tables[t.id()] : null;
    }

    public StateTable states(Type t) {
        return (StateTable) table(t);
    }

    public EventTable events(Type t) {
        return (EventTable) table(t);
    }

    public VariableTable variable(Type t) {
        return (VariableTable) table(t);
    }

    public LinkTable links(Type t) {
        return (LinkTable) table(t);
    }

    /** Releases the spare capacity of every table (after loading). */
    public void trim() {
        for (EntityTable t : tables) {
            if (t != null) {
                t.trim();
                if (t instanceof LinkTable l) {
                    l.sort();
                }
            }
        }
    }

    /** Puts a table read back from a cache. */
    /** Precomputed aggregates of this container's members, by type id (null: none). */
    private volatile AggregateSummary[] aggregates = new AggregateSummary[0];
    /** The seal whose aggregates are still to be built (progressive seal), or null. */
    volatile SummaryBuild aggregatesPending;

    /**
     * The precomputed aggregate of this container's members holding {@code t} ({@link AggregateSummary}), or null;
     * while a progressive seal has not built the aggregates yet, waits for them: an answer never depends on when
     * it was asked.
     */
    public AggregateSummary aggregate(Type t) {
        SummaryBuild b = aggregatesPending;
        AggregateSummary built = aggregateBuilt(t);
        if (b != null && built == null) { // one already there is final (built, or complete at publish)
            b.awaitAggregates();
            built = aggregateBuilt(t);
        }
        return built;
    }

    /**
     * {@link #aggregate(Type)} for a view whose pixels are {@code pixel} seconds wide: while the aggregates are being
     * built, the coarse levels written early ({@link AggregateBuild#publishCoarse}) when one of them is at most a pixel
     * wide (the level such a view reads is then one of those, the same rows as after the build), else waits.
     */
    public AggregateSummary aggregate(Type t, double pixel) {
        if (aggregatesPending != null) {
            AggregateSummary[] early = coarse;
            int i = t.id();
            AggregateSummary a = i < early.length ? early[i] : null;
            if (a != null && a.levelFor(pixel, a.traceEnd()) >= 0) {
                return a;
            }
        }
        return aggregate(t);
    }

    /** The coarse levels written early, by type id, while the aggregates are being built. */
    private volatile AggregateSummary[] coarse = new AggregateSummary[0];

    /** The coarse levels written early for {@code t}, or null (none: built from the rows only). */
    AggregateSummary coarseAggregate(Type t) {
        AggregateSummary[] early = coarse;
        return t.id() < early.length ? early[t.id()] : null;
    }

    void putCoarseAggregate(Type t, AggregateSummary a) {
        int i = t.id();
        AggregateSummary[] next = i < coarse.length ? coarse.clone() : Arrays.copyOf(coarse, i + 1);
        next[i] = a;
        coarse = next;
    }

    /** The aggregate for {@code t} as it is now (while building them), or null. */
    AggregateSummary aggregateBuilt(Type t) {
        AggregateSummary[] a = aggregates;
        return t.id() < a.length ? a[t.id()] : null;
    }

    /** The aggregates there are, by type id (nulls for none). */
    AggregateSummary[] aggregates() {
        return aggregates;
    }

    void putAggregate(Type t, AggregateSummary a) {
        int i = t.id();
        AggregateSummary[] next = i < aggregates.length ? aggregates.clone() : Arrays.copyOf(aggregates, i + 1);
        next[i] = a;
        aggregates = next;
    }

    void putTable(Type t, EntityTable table) {
        int i = t.id();
        if (i >= tables.length) {
            tables = Arrays.copyOf(tables, i + 1);
        }
        tables[i] = table;
    }

    /** The table of {@code t}, created on first use: in {@code store}, or on the heap when it is null. */
    /** The tables by type id (may hold nulls): for {@link TablePrefetch}. */
    EntityTable[] tableArray() {
        return tables;
    }

    public EntityTable tableFor(Type t, Store store) {
        int i = t.id();
        if (i >= tables.length) {
            tables = Arrays.copyOf(tables, Math.max(i + 1, tables.length * 2));
        }
        EntityTable table = tables[i];
        if (table == null) {
            if (t.kind() == TypeKind.CONTAINER) {
                throw new IllegalArgumentException("container types hold no entities: " + t);
            }
            table = store == null ? EntityTable.create(t.kind(), null, new KeyLog()) : store.newTable(this, t);
            tables[i] = table;
        }
        return table;
    }

    /** The user fields of the event that created this container, in definition order (may be empty). */
    public java.util.Map<String, String> user() {
        return user == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(user);
    }

    public void setUser(String name, String value) {
        if (user == null) {
            user = new java.util.LinkedHashMap<>();
        }
        user.put(name, value);
    }

    @Override
    public String toString() {
        return "container " + name;
    }
}
