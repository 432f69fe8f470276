package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A window of a trace as a smaller, valid Pajé trace (see {@link Clip} for what is kept): the
 * header, the type hierarchy with every value, then the kept containers and entities merged in
 * time order from per-table sources. The body is generated twice, once to learn which event
 * definitions it needs and once to write it, so that nothing proportional to the trace is held.
 */
public final class TraceCut {
    private final Trace trace;
    private final CutOptions window;
    private final List<Container> preorder;
    private final CutContext cx;

    public TraceCut(Trace trace, CutOptions window) {
        this(trace, window, Map.of());
    }

    /** A cut declaring each user field with the type {@code userTypes} gives it (see {@link UserFieldTypes}). */
    public TraceCut(Trace trace, CutOptions window, Map<String, String> userTypes) {
        this.trace = trace;
        this.window = window;
        this.preorder = TraceWalk.preorder(trace);
        Clip clip = new Clip(window);
        this.cx = new CutContext(trace, clip, new CutContainers(trace, clip, preorder), new CutHeader(userTypes));
    }

    public void write(Writer out) throws IOException {
        body(new PajeWriter(Writer.nullWriter()));
        cx.header.write(out);
        body(new PajeWriter(out));
        out.flush();
    }

    private void body(PajeWriter out) throws IOException {
        types(out);
        PriorityQueue<CutCursor> queue = new PriorityQueue<>(CutCursor::compare);
        add(queue, new ContainerCursor(cx, preorder, true));
        add(queue, new ContainerCursor(cx, preorder, false));
        int order = 0;
        for (Container c : preorder) {
            if (!cx.containers.kept[c.id()]) {
                continue;
            }
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table instanceof StateTable s) {
                    add(queue, new StateCursor(cx, c, t, s, order++));
                } else if (table instanceof EventTable e) {
                    add(queue, new EventCursor(cx, c, t, e, order++));
                } else if (table instanceof VariableTable v) {
                    add(queue, new VariableCursor(cx, c, t, v, order++));
                } else if (table instanceof LinkTable l) {
                    add(queue, new LinkCursor(cx, c, t, l, order++));
                }
            }
        }
        while (!queue.isEmpty()) {
            CutCursor next = queue.poll();
            next.emit(out);
            add(queue, next);
        }
        double end = cx.containers.to[0];
        if (out.lastTime < end) {
            // nothing else happens at the end of the window: close the root there, so the trace ends there
            out.start(cx.header.id("PajeDestroyContainer", CutContext.DESTROY)).time(end).token("0").token("0").end();
        }
    }

    private static void add(PriorityQueue<CutCursor> queue, CutCursor cursor) {
        if (!cursor.done()) {
            queue.add(cursor);
        }
    }

    /** Every type in definition order, each followed by its values. */
    private void types(PajeWriter out) throws IOException {
        for (Type t : trace.types()) {
            if (t.parent() == null) {
                continue;
            }
            String event = switch (t.kind()) {
                case CONTAINER -> "PajeDefineContainerType";
                case STATE -> "PajeDefineStateType";
                case EVENT -> "PajeDefineEventType";
                case VARIABLE -> "PajeDefineVariableType";
                case LINK -> "PajeDefineLinkType";
            };
            List<String> fields = new ArrayList<>(List.of("Type string"));
            if (t.startType() != null) {
                fields.addAll(List.of("StartContainerType string", "EndContainerType string"));
            }
            define(out, event, fields, t.alias(), t.color());
            out.token(CutContext.ref(t.parent()));
            if (t.startType() != null) {
                out.token(CutContext.ref(t.startType())).token(CutContext.ref(t.endType()));
            }
            out.token(t.name()).token(t.color()).end();
            for (EntityValue v : t.values()) {
                define(out, "PajeDefineEntityValue", new ArrayList<>(List.of("Type string")), v.alias(), v.color());
                out.token(CutContext.ref(t)).token(v.name()).token(v.color()).end();
            }
        }
    }

    /** Starts a definition line: [Alias] then {@code fields}, Name and [Color]; writes the alias. */
    private void define(PajeWriter out, String event, List<String> fields, String alias, String color) {
        if (alias != null) {
            fields.add(0, "Alias string");
        }
        fields.add("Name string");
        if (color != null) {
            fields.add("Color color"); // ViTE refuses a Color declared as string ("This type is not allowed for this field")
        }
        out.start(cx.header.id(event, fields));
        if (alias != null) {
            out.token(alias);
        }
    }
}
