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
    private boolean deferring;
    private final java.util.List<Problem> deferred = new java.util.ArrayList<>();
    private final PairSet declared = new PairSet();

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
     * prologue, the {@code index}-th entity line (from 0). Names are the reader's ids ({@link #intern}), -1 where
     * the kind has none; {@code user} holds the ids of the definition's user fields in their order from
     * {@code userFrom}. Its problem is reported now, or kept for {@link #reportDeferred} while {@link #defer} is on.
     */
    public void entity(long index, int event, double time, int type, int container, int value, double number,
            int other, byte[] keyBuf, int keyFrom, int keyTo, int[] user, int userFrom) {
        count++;
        long line = state.lineBase + index + 1;
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
            Problem p = new Problem(state.name, line, e.getMessage(), new String(text, StandardCharsets.UTF_8));
            if (deferring) {
                deferred.add(p);
            } else {
                diagnostics.report(p);
            }
        }
    }

    /**
     * Whether entity event {@code event} may be simulated out of line order among other containers' events (their
     * own events staying in order): it takes the fast path (finite time and number) and changes nothing shared
     * ({@link EventSink#commutes}). A value once declared stays declared: known pairs are remembered.
     */
    public boolean commutes(int event, double time, int type, int value, double number) {
        if (!Double.isFinite(time)) {
            return false;
        }
        EventDefinition def = definition(event);
        if (def.numberPosition >= 0 && !Double.isFinite(number)) {
            return false;
        }
        return value < 0 || declared.contains(type, value) || sink.commutes(type, value) && declared.add(type, value);
    }

    /** From now on, problems wait for {@link #reportDeferred} (events simulated out of line order). */
    public void defer() {
        deferring = true;
    }

    /**
     * Reports the problems kept since {@link #defer} in line order and stops deferring. When reading stops at one
     * of them, the events after it were simulated but not read: {@code after} counts them from an entity index.
     */
    public void reportDeferred(java.util.function.LongUnaryOperator after) {
        deferring = false;
        if (deferred.isEmpty()) {
            return;
        }
        deferred.sort(java.util.Comparator.comparingLong(Problem::line));
        try {
            for (Problem p : deferred) {
                try {
                    diagnostics.report(p);
                } catch (TraceException e) {
                    long later = after.applyAsLong(p.line() - state.lineBase - 1);
                    events -= later;
                    count -= later;
                    throw e;
                }
            }
        } finally {
            deferred.clear();
        }
    }

    /** Problems kept since {@link #defer}. */
    public int deferred() {
        return deferred.size();
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
