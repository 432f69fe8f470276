package dev.paje.read;

import dev.paje.format.Shortest;
import dev.paje.store.Names;
import java.nio.charset.StandardCharsets;

/**
 * Where an {@link EntitySource} hands its entity events: each one is simulated as the line it stands for
 * (numbered after the prologue, its event definition looked up by id, its user fields named by that
 * definition), without its text. The text is made only when the line has a problem (to show it) or holds a
 * time or number that is not finite (it then takes the general path, as its text would).
 */
public final class EntityFeed {
    private final TraceReader reader;
    private final TraceReader.FileState state;
    private final EventSink sink;
    private final Diagnostics diagnostics;
    private final Names names;
    private final Progress progress;
    private EventDefinition[] defs = new EventDefinition[32];
    private long count;
    private long events;

    EntityFeed(TraceReader reader, TraceReader.FileState state, EventSink sink, Diagnostics diagnostics, Names names,
            Progress progress) {
        this.reader = reader;
        this.state = state;
        this.sink = sink;
        this.diagnostics = diagnostics;
        this.names = names;
        this.progress = progress;
    }

    /** The reader's id of name {@code id} of a source's own table (its names written as Pajé tokens). */
    public int intern(Names.View view, int id) {
        return names.intern(view, id);
    }

    /** How far the source has come, in bytes of its input. */
    public void progress(long bytesDone) {
        progress.advance(bytesDone);
    }

    /**
     * One entity event: the line {@code event time ...} of the event definition numbered {@code event} in the
     * prologue. Names are the reader's ids ({@link #intern}), -1 where the kind has none; {@code user} holds
     * the ids of the definition's user fields in their order from {@code userFrom}.
     */
    public void entity(int event, double time, int type, int container, int value, double number, int other,
            byte[] keyBuf, int keyFrom, int keyTo, int[] user, int userFrom) {
        long line = state.lineBase + ++count;
        EventDefinition def = definition(event);
        EventKind kind = def.kind();
        if (!Double.isFinite(time) || def.numberPosition >= 0 && !Double.isFinite(number)) {
            byte[] text = text(def, time, type, container, value, number, other, keyBuf, keyFrom, keyTo, user, userFrom);
            reader.general(state, text, line);
            return;
        }
        events++;
        try {
            sink.entity(line, kind, time, type, container, value, number, other, keyBuf, keyFrom, keyTo);
            int[] positions = def.userPositions();
            for (int u = 0; u < positions.length; u++) {
                sink.userField(kind, def.fieldNames().get(positions[u]), user[userFrom + u]);
            }
        } catch (EventError e) {
            byte[] text = text(def, time, type, container, value, number, other, keyBuf, keyFrom, keyTo, user, userFrom);
            diagnostics.report(new Problem(state.name, line, e.getMessage(), new String(text, StandardCharsets.UTF_8)));
        }
    }

    private EventDefinition definition(int event) {
        if (event >= 0 && event < defs.length && defs[event] != null) {
            return defs[event];
        }
        EventDefinition def = state.header.byNumber(event);
        if (def == null || !def.kind().entity()) {
            throw new IllegalArgumentException("event id " + event + " is no entity event of the prologue");
        }
        if (event >= 0 && event < 1 << 12) {
            if (event >= defs.length) {
                defs = java.util.Arrays.copyOf(defs, Math.max(event + 1, defs.length * 2));
            }
            defs[event] = def;
        }
        return def;
    }

    /** The line as its text would be: the tokens in the definition's field order. */
    private byte[] text(EventDefinition def, double time, int type, int container, int value, double number, int other,
            byte[] keyBuf, int keyFrom, int keyTo, int[] user, int userFrom) {
        String[] tokens = new String[def.fieldCount()];
        tokens[def.position(Field.TIME)] = Shortest.format(time);
        tokens[def.position(Field.TYPE)] = names.get(type);
        tokens[def.position(Field.CONTAINER)] = names.get(container);
        if (def.valuePosition >= 0) {
            tokens[def.valuePosition] = names.get(value);
        }
        if (def.numberPosition >= 0) {
            tokens[def.numberPosition] = Shortest.format(number);
        }
        if (def.otherPosition >= 0) {
            tokens[def.otherPosition] = names.get(other);
        }
        if (def.keyPosition >= 0) {
            tokens[def.keyPosition] = new String(keyBuf, keyFrom, keyTo - keyFrom, StandardCharsets.UTF_8);
        }
        int[] positions = def.userPositions();
        for (int u = 0; u < positions.length; u++) {
            tokens[positions[u]] = names.get(user[userFrom + u]);
        }
        return (def.id() + " " + String.join(" ", tokens)).getBytes(StandardCharsets.UTF_8);
    }

    /** Entity lines handed over so far. */
    long lines() {
        return count;
    }

    /** Of which simulated here (the others went the general path, which counts its own). */
    long events() {
        return events;
    }
}
