package dev.paje.sim;

import dev.paje.read.Diagnostics;
import dev.paje.read.EventDefinition;
import dev.paje.read.EventError;
import dev.paje.read.EventSink;
import dev.paje.read.Field;
import dev.paje.read.FieldType;
import dev.paje.read.Line;
import dev.paje.read.Problem;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.Names;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the event stream into the container tree and its entities, as Pajé's simulator does:
 * one switch over the event kinds, names resolved through interned ids, entities appended to
 * the columnar tables of the store.
 */
public final class Simulator implements EventSink {
    private final SimOptions options;
    private final Diagnostics diagnostics;
    private final Names names = new Names();
    private final Registry<Type> types;
    private final Registry<Container> containers;
    private final Slots slots = new Slots();
    private final List<long[]> containerLines = new ArrayList<>(); // {created, destroyed}
    private final Resolver resolve;
    private final Clocks clocks = new Clocks();
    private double lastTime = Double.NEGATIVE_INFINITY;
    private double firstTime = Double.NaN;
    private Trace trace;
    private String lineFile = "";
    private boolean stopped;

    public Simulator(SimOptions options, Diagnostics diagnostics) {
        this.options = options;
        this.diagnostics = diagnostics;
        this.types = new Registry<>(names);
        this.containers = new Registry<>(names);
        Type rootType = new Type(0, TypeKind.CONTAINER, "0", null, null, null, null, null);
        types.add(rootType, "0", null, 0);
        types.alias("/", 0);
        Container root = new Container(0, "0", null, rootType, null, 0);
        containers.add(root, "0", null, 0);
        containers.alias("/", 0);
        containerLines.add(new long[] {0, 0});
        this.resolve = new Resolver(names, types, containers);
    }

    /** The simulated trace; available after {@link #finish()}. */
    public Trace trace() {
        if (trace == null) {
            throw new IllegalStateException("simulation not finished");
        }
        return trace;
    }

    @Override
    public void event(EventDefinition def, Line line) {
        if (options.stopAt() < Double.POSITIVE_INFINITY && def.kind().timed()) {
            double t = line.number(tok(def, Field.TIME));
            if (t > options.stopAt()) {
                stopped = true;
                return; // pj_dump -a: the simulation ends at stopAt; later events are not simulated
            }
        }
        switch (def.kind()) {
            case DEFINE_CONTAINER_TYPE -> defineType(def, line, TypeKind.CONTAINER);
            case DEFINE_STATE_TYPE -> defineType(def, line, TypeKind.STATE);
            case DEFINE_EVENT_TYPE -> defineType(def, line, TypeKind.EVENT);
            case DEFINE_VARIABLE_TYPE -> defineType(def, line, TypeKind.VARIABLE);
            case DEFINE_LINK_TYPE -> defineType(def, line, TypeKind.LINK);
            case DEFINE_ENTITY_VALUE -> defineValue(def, line);
            case CREATE_CONTAINER -> createContainer(def, line);
            case DESTROY_CONTAINER -> destroyContainer(def, line);
            case SET_STATE, PUSH_STATE, POP_STATE, RESET_STATE -> state(def, line);
            case NEW_EVENT -> newEvent(def, line);
            case SET_VARIABLE, ADD_VARIABLE, SUB_VARIABLE -> variable(def, line);
            case START_LINK, END_LINK -> link(def, line);
            case TRACE_FILE -> { } // the reader follows it
        }
    }

    // ---- type hierarchy

    private void defineType(EventDefinition def, Line line, TypeKind kind) {
        Type parent = resolve.type(def, line, Field.TYPE, TypeKind.CONTAINER);
        String name = line.text(tok(def, Field.NAME));
        String alias = optional(def, line, Field.ALIAS);
        Type start = null;
        Type end = null;
        if (kind == TypeKind.LINK) {
            start = resolve.type(def, line, Field.START_CONTAINER_TYPE, TypeKind.CONTAINER);
            end = resolve.type(def, line, Field.END_CONTAINER_TYPE, TypeKind.CONTAINER);
        }
        String color = color(def, line);
        types.checkNew(name, alias, "type", existing -> alias == null && existing.alias() == null);
        Type t = new Type(types.size(), kind, name, alias, parent, color, start, end);
        types.add(t, name, alias, line.number());
    }

    private void defineValue(EventDefinition def, Line line) {
        Type type = resolve.type(def, line, Field.TYPE, null);
        if (type.kind() == TypeKind.CONTAINER || type.kind() == TypeKind.VARIABLE) {
            throw new EventError("entity values belong to state, event or link types; '" + type.name()
                    + "' is a " + type.kind().name().toLowerCase(java.util.Locale.ROOT) + " type");
        }
        int nameTok = tok(def, Field.NAME);
        String name = line.text(nameTok);
        String alias = optional(def, line, Field.ALIAS);
        int nameId = names.intern(line.buffer(), line.start(nameTok), line.end(nameTok));
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
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.CONTAINER);
        Container parent = resolve.container(def, line, Field.CONTAINER);
        String name = line.text(tok(def, Field.NAME));
        String alias = optional(def, line, Field.ALIAS);
        if (type.parent() != parent.type()) {
            throw new EventError("a container of type " + type.name() + " must be created inside a container of type "
                    + type.parent().name() + ", but '" + parent.name() + "' is of type " + parent.type().name());
        }
        checkAlive(parent, time, line);
        containers.checkNew(name, alias, "container",
                existing -> alias == null && existing.alias() == null && existing.parent() == parent && existing.isOpen());
        Container c = new Container(containers.size(), name, alias, type, parent, time);
        containers.add(c, name, alias, line.number());
        containerLines.add(new long[] {line.number(), 0});
        for (int p : def.userPositions()) {
            c.setUser(def.fieldNames().get(p), line.text(1 + p));
        }
    }

    private void destroyContainer(EventDefinition def, Line line) {
        double time = time(def, line);
        Container c = resolve.container(def, line, Field.NAME);
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.CONTAINER);
        if (c.type() != type) {
            throw new EventError("container '" + c.name() + "' is of type " + c.type().name() + ", not " + type.name());
        }
        checkAlive(c, time, line);
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
            Object table = c.table(t);
            if (table instanceof VariableTable v) {
                v.close(time);
            }
        }
        c.close(time);
        containerLines.get(c.id())[1] = line;
    }

    private void checkAlive(Container c, double time, Line line) {
        if (!c.isOpen()) {
            throw new EventError("container '" + c.name() + "' was destroyed at " + c.end() + " (line "
                    + containerLines.get(c.id())[1] + "): nothing may happen in it afterwards");
        }
    }

    // ---- entities

    private void state(EventDefinition def, Line line) {
        double time = time(def, line);
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.STATE);
        Container c = entityContainer(def, line, type, time);
        StateStack stack = (StateStack) slots.get(c.id(), type.id());
        if (stack == null) {
            stack = new StateStack((StateTable) c.tableFor(type));
            slots.put(c.id(), type.id(), stack);
        }
        if (time < stack.lastTime) {
            throw new EventError("trace is not time-ordered: state " + type.name() + " of '" + c.name()
                    + "' changes at " + line.text(tok(def, Field.TIME)) + ", before its change at "
                    + stack.lastTime + " (line " + stack.lastLine + ")");
        }
        stack.lastTime = time;
        stack.lastLine = line.number();
        switch (def.kind()) {
            case SET_STATE -> {
                int value = resolve.value(def, line, type);
                stack.clear(time);
                stack.push(time, value);
                userFields(def, line, def.userPositions().length == 0 ? null : stack.table.user(), stack.top());
            }
            case PUSH_STATE -> {
                int value = resolve.value(def, line, type);
                stack.push(time, value);
                userFields(def, line, def.userPositions().length == 0 ? null : stack.table.user(), stack.top());
            }
            case POP_STATE -> {
                if (stack.depth() == 0) {
                    throw new EventError("PajePopState on an empty stack: container '" + c.name()
                            + "' has no open state of type " + type.name());
                }
                stack.pop(time);
            }
            case RESET_STATE -> stack.clear(time);
            default -> throw new AssertionError(def.kind());
        }
    }

    private void newEvent(EventDefinition def, Line line) {
        double time = time(def, line);
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.EVENT);
        Container c = entityContainer(def, line, type, time);
        int value = resolve.value(def, line, type);
        EventTable table = (EventTable) c.tableFor(type);
        int row = table.add(time, value);
        userFields(def, line, def.userPositions().length == 0 ? null : table.user(), row);
    }

    private void variable(EventDefinition def, Line line) {
        double time = time(def, line);
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.VARIABLE);
        Container c = entityContainer(def, line, type, time);
        int vt = tok(def, Field.VALUE);
        double v = line.number(vt);
        if (Double.isNaN(v)) {
            throw new EventError("invalid variable value '" + line.text(vt) + "': expected a number such as 3, 0.5 or 1e+06");
        }
        if (options.singlePrecisionVariables()) {
            v = (float) v;
        }
        VariableTable table = (VariableTable) c.tableFor(type);
        if (table.size() > 0 && time < table.start(table.size() - 1)) {
            throw new EventError("trace is not time-ordered: variable " + type.name() + " of '" + c.name()
                    + "' changes at " + line.text(tok(def, Field.TIME)) + ", before its change at "
                    + table.start(table.size() - 1));
        }
        if (table.size() == 0 && def.kind() != dev.paje.read.EventKind.SET_VARIABLE) {
            throw new EventError(def.kind().specName() + " on variable " + type.name() + " of '" + c.name()
                    + "', which has no value yet: expected a PajeSetVariable first");
        }
        double next = switch (def.kind()) {
            case SET_VARIABLE -> v;
            case ADD_VARIABLE -> table.current() + v;
            case SUB_VARIABLE -> table.current() - v;
            default -> throw new AssertionError(def.kind());
        };
        int row = table.step(time, next);
        userFields(def, line, def.userPositions().length == 0 ? null : table.user(), row);
    }

    private void link(EventDefinition def, Line line) {
        double time = time(def, line);
        Type type = resolve.type(def, line, Field.TYPE, TypeKind.LINK);
        Container c = entityContainer(def, line, type, time);
        boolean start = def.kind() == dev.paje.read.EventKind.START_LINK;
        Container end = resolve.container(def, line, start ? Field.START_CONTAINER : Field.END_CONTAINER);
        Type expected = start ? type.startType() : type.endType();
        if (end.type() != expected) {
            throw new EventError("link type " + type.name() + " " + (start ? "starts from" : "ends at")
                    + " containers of type " + expected.name() + ", but '" + end.name() + "' is of type " + end.type().name());
        }
        int value = resolve.value(def, line, type);
        int keyTok = tok(def, Field.KEY);
        int key = names.intern(line.buffer(), line.start(keyTok), line.end(keyTok));
        PendingLinks pending = (PendingLinks) slots.get(c.id(), type.id());
        if (pending == null) {
            pending = new PendingLinks((LinkTable) c.tableFor(type));
            slots.put(c.id(), type.id(), pending);
        }
        LinkTable table = pending.table;
        long[] other = pending.take(key, !start);
        int row;
        if (other == null) {
            row = start ? table.add(time, Double.NaN, value, end.id(), -1, key)
                    : table.add(Double.NaN, time, value, -1, end.id(), key);
            pending.wait(key, row, line.number(), start);
        } else {
            row = (int) other[0];
            if (table.value(row) != value) {
                throw new EventError("link key '" + names.get(key) + "': value '" + type.value(value).name()
                        + "' does not match '" + type.value(table.value(row)).name() + "' of its "
                        + (start ? "end" : "start") + " at line " + other[1]);
            }
            if (start) {
                table.setStart(row, time, end.id());
            } else {
                table.setEnd(row, time, end.id());
            }
        }
        userFields(def, line, def.userPositions().length == 0 ? null : table.user(), row);
    }

    /** Resolves the Container field of an entity event and checks it may hold entities of {@code type}. */
    private Container entityContainer(EventDefinition def, Line line, Type type, double time) {
        Container c = resolve.container(def, line, Field.CONTAINER);
        if (c.type() != type.parent()) {
            throw new EventError(type.kind().name().toLowerCase(java.util.Locale.ROOT) + " type " + type.name()
                    + " belongs to containers of type " + type.parent().name() + ", but '" + c.name()
                    + "' is of type " + c.type().name());
        }
        checkAlive(c, time, line);
        clocks.tick(c.id(), time, line.number());
        return c;
    }

    // ---- fields

    private static int tok(EventDefinition def, Field f) {
        return 1 + def.position(f);
    }

    private static String optional(EventDefinition def, Line line, Field f) {
        int p = def.position(f);
        return p < 0 ? null : line.text(1 + p);
    }

    private double time(EventDefinition def, Line line) {
        int t = tok(def, Field.TIME);
        double time = line.number(t);
        if (Double.isNaN(time)) {
            throw new EventError("invalid time '" + line.text(t) + "': expected a number such as 0, 1.5 or 2e-05");
        }
        if (Double.isNaN(firstTime) || time < firstTime) {
            firstTime = time;
        }
        if (time > lastTime) {
            lastTime = time;
        }
        return time;
    }

    private static String color(EventDefinition def, Line line) {
        int p = def.position(Field.COLOR);
        if (p < 0) {
            return null;
        }
        String text = line.text(1 + p);
        if (def.fieldTypes().get(p) == FieldType.COLOR && !Colors.valid(text)) {
            throw new EventError("invalid color '" + text
                    + "': expected three numbers (red, green, blue) between 0 and 1, such as \"1.0 0.5 0.0\"");
        }
        return text;
    }

    private static void userFields(EventDefinition def, Line line, UserColumns user, int row) {
        if (user == null) {
            return;
        }
        int[] positions = def.userPositions();
        for (int p : positions) {
            user.set(row, def.fieldNames().get(p), line.text(1 + p));
        }
    }

    // ---- end

    @Override
    public void finish() {
        double end = lastTime == Double.NEGATIVE_INFINITY ? 0 : lastTime;
        if (stopped) {
            end = options.stopAt();
        }
        Container root = containers.get(0);
        if (root.isOpen()) {
            close(root, end, 0);
        }
        if (!options.ignoreIncompleteLinks()) {
            reportIncompleteLinks();
        }
        trace = new Trace(names, types.all(), containers.all(), Double.isNaN(firstTime) ? 0 : firstTime, end);
    }

    private void reportIncompleteLinks() {
        for (Container c : containers.all()) {
            for (Object slot : slots.of(c.id())) {
                if (slot instanceof PendingLinks p) {
                    for (long[] half : p.unmatched()) {
                        boolean startKnown = half[2] == 1;
                        diagnostics.report(new Problem(lineFile, half[1], "incomplete link: key '"
                                + names.get(p.table.key((int) half[0])) + "' in container '" + c.name() + "' "
                                + (startKnown ? "starts here but never ends" : "ends here but never starts")
                                + " (use -z to ignore incomplete links)", null));
                    }
                }
            }
        }
    }

    /** Names the file reported in problems found at the end of the simulation. */
    public void file(String name) {
        this.lineFile = name;
    }
}
