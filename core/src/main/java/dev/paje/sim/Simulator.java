package dev.paje.sim;

import dev.paje.read.Diagnostics;
import dev.paje.read.EventDefinition;
import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.read.RunSink;
import dev.paje.read.RunSummary;
import dev.paje.read.Field;
import dev.paje.read.FieldType;
import dev.paje.read.Line;
import dev.paje.store.Names;
import dev.paje.read.Problem;
import dev.paje.store.Container;
import dev.paje.store.Store;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.util.Locale;

/**
 * Turns the event stream into the container tree and its entities, as Pajé's simulator does:
 * definitions and containers here, entity events in {@link Entities} (the hot path), all names
 * resolved through interned ids.
 */
public final class Simulator implements RunSink {
    private final SimOptions options;
    private final Diagnostics diagnostics;
    private final Names names;
    private final Registry<Type> types;
    private final Registry<Container> containers;
    private final Slots slots = new Slots();
    private final Clocks clocks = new Clocks();
    private final Resolver resolve;
    private final Entities entities;
    private double lastTime = Double.NEGATIVE_INFINITY;
    private double firstTime = Double.NaN;
    private boolean stopped;
    /** Whether the last entity event was simulated (not cut by {@code -a}): its user fields apply. */
    private boolean applied;
    private String file = "";
    private Trace trace;
    private final Store store;
    /** Applies runs summarized by the tokenizer threads (made at the first). */
    private RunMerge merge;

    /** A simulator whose tables live on the heap (small traces in tests and benchmarks). */
    public Simulator(SimOptions options, Diagnostics diagnostics, Names names) {
        this(options, diagnostics, names, null);
    }

    /** A simulator that writes its tables into {@code store} (null: on the heap). */
    public Simulator(SimOptions options, Diagnostics diagnostics, Names names, Store store) {
        this.store = store;
        this.options = options;
        this.diagnostics = diagnostics;
        this.names = names;
        this.types = new Registry<>(names);
        this.containers = new Registry<>(names);
        Type rootType = new Type(0, TypeKind.CONTAINER, "0", null, null, null, null, null);
        types.add(rootType, "0", null, 0);
        types.alias("/", 0);
        Container root = new Container(0, "0", null, rootType, null, 0);
        containers.add(root, "0", null, 0);
        containers.alias("/", 0);
        this.resolve = new Resolver(names, types, containers);
        this.entities = new Entities(options, names, resolve, slots, clocks, store);
    }

    /** Names the file reported in problems found at the end of the simulation. */
    public void file(String name) {
        this.file = name;
    }

    /** The simulated trace; available after {@link #finish()}. */
    public Trace trace() {
        if (trace == null) {
            throw new IllegalStateException("simulation not finished");
        }
        return trace;
    }

    @Override
    public void entity(long line, EventKind kind, double time, int type, int container, int value, double number,
            int other, byte[] keyBuf, int keyFrom, int keyTo) {
        applied = false;
        if (clock(time)) {
            entities.line = line;
            entities.apply(kind, time, type, container, value, number, other, keyBuf, keyFrom, keyTo);
            applied = true;
        }
    }

    /**
     * Applies a run summarized by a tokenizer thread: only when checking a trace (a store that drops its rows,
     * states nested as the format says, no stop time); otherwise, or when anything in it would be a problem,
     * {@link RunSummary.Fallback}.
     */
    @Override
    public void applyRun(RunSummary summary, int run) {
        if (store == null || !store.drops() || options.noImbrication()
                || options.stopAt() != Double.POSITIVE_INFINITY) {
            throw new RunSummary.Fallback("summarized runs are for checking a trace only");
        }
        if (merge == null) {
            merge = new RunMerge(resolve, slots, clocks, store, options.noImbrication());
        }
        entities.forget();
        merge.apply(summary, run);
        clock(summary.runMinTime(run));
        clock(summary.runMaxTime(run));
    }

    private Container[] touching = new Container[8];

    @Override
    public void touch(int[] ids, int n) {
        if (touching.length < n) {
            touching = new Container[n];
        }
        int m = 0;
        for (int k = 0; k < n; k++) {
            int i = containers.find(ids[k]);
            if (i >= 0) {
                touching[m++] = containers.get(i);
            }
        }
        entities.touch(touching, m);
    }

    @Override
    public boolean commutes(int type, int value) {
        int i = types.find(type);
        return i >= 0 && types.get(i).valueIndex(value) >= 0; // else the event declares a value (or fails)
    }

    @Override
    public void userField(EventKind kind, String name, int valueId) {
        if (kind != EventKind.POP_STATE && kind != EventKind.RESET_STATE && applied) {
            entities.lastUserColumns().set(entities.lastRow(), name, valueId);
        }
    }

    /** Records {@code time}; false when the simulation stopped before it ({@code -a}). */
    private boolean clock(double time) {
        if (time > options.stopAt()) {
            stopped = true;
            return false; // pj_dump -a: the simulation ends at stopAt; later events are not simulated
        }
        if (Double.isNaN(firstTime) || time < firstTime) {
            firstTime = time;
        }
        if (time > lastTime) {
            lastTime = time;
        }
        return true;
    }

    @Override
    public void event(EventDefinition def, Line line) {
        EventKind kind = def.kind();
        if (kind.entity()) {
            double time = time(def, line);
            if (!clock(time)) {
                return;
            }
            entities.line = line.number();
            entities.apply(kind, time, id(def, line, Field.TYPE), id(def, line, Field.CONTAINER),
                    def.position(Field.VALUE) >= 0 && !variable(kind) ? id(def, line, Field.VALUE) : -1,
                    variable(kind) ? number(def, line) : 0,
                    kind == EventKind.START_LINK ? id(def, line, Field.START_CONTAINER)
                            : kind == EventKind.END_LINK ? id(def, line, Field.END_CONTAINER) : -1,
                    line.buffer(), keyStart(def, line), keyEnd(def, line));
            if (def.userPositions().length > 0 && kind != EventKind.POP_STATE && kind != EventKind.RESET_STATE) {
                UserColumns user = entities.lastUserColumns();
                for (int p : def.userPositions()) {
                    user.set(entities.lastRow(), def.fieldNames().get(p),
                            names.intern(line.buffer(), line.start(1 + p), line.end(1 + p)));
                }
            }
            return;
        }
        entities.forget(); // what follows defines or destroys: the memo of resolved names may no longer hold
        switch (kind) {
            case DEFINE_CONTAINER_TYPE -> defineType(def, line, TypeKind.CONTAINER);
            case DEFINE_STATE_TYPE -> defineType(def, line, TypeKind.STATE);
            case DEFINE_EVENT_TYPE -> defineType(def, line, TypeKind.EVENT);
            case DEFINE_VARIABLE_TYPE -> defineType(def, line, TypeKind.VARIABLE);
            case DEFINE_LINK_TYPE -> defineType(def, line, TypeKind.LINK);
            case DEFINE_ENTITY_VALUE -> defineValue(def, line);
            case CREATE_CONTAINER -> createContainer(def, line);
            case DESTROY_CONTAINER -> destroyContainer(def, line);
            default -> { } // PajeTraceFile: the reader follows it
        }
    }

    private static boolean variable(EventKind kind) {
        return kind == EventKind.SET_VARIABLE || kind == EventKind.ADD_VARIABLE || kind == EventKind.SUB_VARIABLE;
    }

    // ---- type hierarchy

    private void defineType(EventDefinition def, Line line, TypeKind kind) {
        Type parent = type(def, line, Field.TYPE, TypeKind.CONTAINER);
        String name = line.text(tok(def, Field.NAME));
        String alias = optional(def, line, Field.ALIAS);
        Type start = null;
        Type end = null;
        if (kind == TypeKind.LINK) {
            start = type(def, line, Field.START_CONTAINER_TYPE, TypeKind.CONTAINER);
            end = type(def, line, Field.END_CONTAINER_TYPE, TypeKind.CONTAINER);
        }
        String color = color(def, line);
        types.checkNew(name, alias, "type", existing -> alias == null && existing.alias() == null);
        Type t = new Type(types.size(), kind, name, alias, parent, color, start, end);
        types.add(t, name, alias, line.number());
    }

    private void defineValue(EventDefinition def, Line line) {
        Type type = type(def, line, Field.TYPE, null);
        if (type.kind() == TypeKind.CONTAINER || type.kind() == TypeKind.VARIABLE) {
            throw new EventError("entity values belong to state, event or link types; '" + type.name()
                    + "' is a " + type.kind().name().toLowerCase(Locale.ROOT) + " type");
        }
        String name = line.text(tok(def, Field.NAME));
        String alias = optional(def, line, Field.ALIAS);
        int nameId = id(def, line, Field.NAME);
        int aliasId = alias == null ? -1 : names.intern(alias);
        if (aliasId >= 0 && type.valueIndex(aliasId) >= 0) {
            throw new EventError("value alias '" + alias + "' is already used in type " + type.name());
        }
        if (aliasId < 0 && type.valueIndex(nameId) >= 0) {
            throw new EventError("value '" + name + "' is defined twice in type " + type.name());
        }
        type.addValue(name, alias, color(def, line), nameId, aliasId);
    }

    // ---- containers

    private void createContainer(EventDefinition def, Line line) {
        double time = time(def, line);
        if (!clock(time)) {
            return;
        }
        Type type = type(def, line, Field.TYPE, TypeKind.CONTAINER);
        Container parent = resolve.container(id(def, line, Field.CONTAINER), "Container");
        String name = line.text(tok(def, Field.NAME));
        String alias = optional(def, line, Field.ALIAS);
        if (type.parent() == null) {
            throw new EventError("containers of the root type '0' cannot be created: there is one root container, '0'");
        }
        if (type.parent() != parent.type()) {
            throw new EventError("a container of type " + type.name() + " must be created inside a container of type "
                    + type.parent().name() + ", but '" + parent.name() + "' is of type " + parent.type().name());
        }
        if (!parent.isOpen()) {
            throw entities.destroyed(parent);
        }
        containers.checkNew(name, alias, "container",
                existing -> alias == null && existing.alias() == null && existing.parent() == parent && existing.isOpen());
        Container c = new Container(containers.size(), name, alias, type, parent, time);
        containers.add(c, name, alias, line.number());
        for (int p : def.userPositions()) {
            c.setUser(def.fieldNames().get(p), line.text(1 + p));
        }
    }

    private void destroyContainer(EventDefinition def, Line line) {
        double time = time(def, line);
        if (!clock(time)) {
            return;
        }
        Container c = resolve.container(id(def, line, Field.NAME), "Name");
        Type type = type(def, line, Field.TYPE, TypeKind.CONTAINER);
        if (c.type() != type) {
            throw new EventError("container '" + c.name() + "' is of type " + c.type().name() + ", not " + type.name());
        }
        if (!c.isOpen()) {
            throw entities.destroyed(c);
        }
        if (time < clocks.time(c.id())) {
            throw new EventError("container events are not time-ordered: '" + c.name() + "' is destroyed at "
                    + line.text(tok(def, Field.TIME)) + ", before its event at " + clocks.time(c.id())
                    + " (line " + clocks.line(c.id()) + ")");
        }
        close(c, time, line.number());
    }

    private void close(Container c, double time, long line) {
        for (Container child : c.children()) {
            if (child.isOpen()) {
                close(child, time, line);
            }
        }
        for (Object slot : slots.of(c.id())) {
            if (slot instanceof StateStack s) {
                s.clear(time);
            }
        }
        for (Type t : types.all()) {
            if (c.table(t) instanceof VariableTable v) {
                v.close(time);
            }
        }
        c.close(time);
        clocks.destroyed(c.id(), line);
    }

    // ---- fields of the general path

    private static int tok(EventDefinition def, Field f) {
        return 1 + def.position(f);
    }

    private int id(EventDefinition def, Line line, Field f) {
        int t = tok(def, f);
        return names.intern(line.buffer(), line.start(t), line.end(t));
    }

    private static int keyStart(EventDefinition def, Line line) {
        return def.position(Field.KEY) >= 0 ? line.start(tok(def, Field.KEY)) : -1;
    }

    private static int keyEnd(EventDefinition def, Line line) {
        return def.position(Field.KEY) >= 0 ? line.end(tok(def, Field.KEY)) : -1;
    }

    private Type type(EventDefinition def, Line line, Field f, TypeKind kind) {
        return resolve.type(id(def, line, f), f.specName(), kind);
    }

    private static String optional(EventDefinition def, Line line, Field f) {
        int p = def.position(f);
        return p < 0 ? null : line.text(1 + p);
    }

    private static double time(EventDefinition def, Line line) {
        int t = tok(def, Field.TIME);
        double time = line.number(t);
        if (Double.isNaN(time)) {
            throw new EventError("invalid time '" + line.text(t) + "': expected a number such as 0, 1.5 or 2e-05");
        }
        return time;
    }

    private static double number(EventDefinition def, Line line) {
        int t = tok(def, Field.VALUE);
        double v = line.number(t);
        if (Double.isNaN(v)) {
            throw new EventError("invalid variable value '" + line.text(t) + "': expected a number such as 3, 0.5 or 1e+06");
        }
        return v;
    }

    private static String color(EventDefinition def, Line line) {
        int p = def.position(Field.COLOR);
        if (p < 0) {
            return null;
        }
        String text = line.text(1 + p);
        if (def.fieldTypes().get(p) == FieldType.COLOR && !Colors.valid(text)) {
            throw new EventError("invalid color '" + text + "': expected three numbers (red, green, blue) between 0 and 1,"
                    + " such as \"1.0 0.5 0.0\", or RRGGBB in hexadecimal");
        }
        return text;
    }

    // ---- end

    @Override
    public void finish() {
        double end = Math.max(lastTime, options.endAtLeast());
        end = end == Double.NEGATIVE_INFINITY ? 0 : end;
        if (stopped) {
            end = options.stopAt();
        }
        Container root = containers.get(0);
        if (root.isOpen()) {
            close(root, end, 0);
        }
        if (!options.ignoreIncompleteLinks() && !stopped) {
            // (with -a, links cut by the stop time are expected to be incomplete)
            reportIncompleteLinks();
        }
        for (Container c : containers.all()) {
            c.trim();
        }
        double start = Double.isNaN(firstTime) ? 0 : firstTime;
        trace = store == null ? new Trace(names, types.all(), containers.all(), start, end)
                : store.trace(names, types.all(), containers.all(), start, end);
    }

    private void reportIncompleteLinks() {
        for (Container c : containers.all()) {
            for (Object slot : slots.of(c.id())) {
                if (slot instanceof PendingLinks p) {
                    for (PendingLinks.Half half : p.unmatched()) {
                        diagnostics.report(new Problem(file, half.line(), "incomplete link: key '"
                                + half.keyText() + "' in container '" + c.name() + "' "
                                + (half.start() ? "starts here but never ends" : "ends here but never starts")
                                + " (use -z to ignore incomplete links)", null));
                    }
                }
            }
        }
    }
}
