package dev.paje.imports.otf2;

import dev.paje.imports.PajeText;
import dev.paje.read.EventKind;
import dev.paje.store.Names;
import java.util.HashMap;
import java.util.Map;

/**
 * A location's lines as events for the reader, without text: names go to this decoder's own table as the
 * tokens the text would hold ({@link PajeText#tokenOf}), so the reader interns exactly the names it would read.
 * The decoder's names repeat (types, its container, region values): a map from the String finds their ids.
 */
final class EventOut implements LocationOut {
    /** A table past this many names is replaced by a new one: unique user field values would grow it forever. */
    private static final int MAX_NAMES = 1 << 16;
    /** Strings remembered with their id, at most: the repeated ones come first. */
    private static final int MAX_REMEMBERED = 1 << 12;
    private static final int PUSH = PajeText.standardId(EventKind.PUSH_STATE);
    private static final int POP = PajeText.standardId(EventKind.POP_STATE);
    private static final int EVENT = PajeText.standardId(EventKind.NEW_EVENT);
    private static final int SET_VARIABLE = PajeText.standardId(EventKind.SET_VARIABLE);

    private Names names = new Names();
    private int generation;
    private final Map<String, Integer> ids = new HashMap<>();
    private EventBatch batch;
    private final BatchPool pool;
    private String owner;
    private String lastType;
    private int lastTypeId;
    private String lastContainer;
    private int lastContainerId;

    /** {@code pool}: where batches the reader is done with come back from (null: always new ones). */
    EventOut(BatchPool pool) {
        this.pool = pool;
    }

    @Override
    public void owner(String container) {
        owner = container;
    }

    @Override
    public Batch start(int capacity) {
        if (names.size() > MAX_NAMES) {
            names = new Names();
            ids.clear();
            generation++;
            lastType = null;
            lastContainer = null;
        }
        EventBatch reused = pool == null ? null : pool.take(capacity);
        batch = reused != null ? reused : new EventBatch(capacity);
        batch.generation = generation;
        return batch;
    }

    @Override
    public void end() {
        batch.names = names.view();
        Integer own = owner == null ? null : ids.get(owner); // looked up, not interned: names keep their order
        batch.own = own == null ? -1 : own;
    }

    /** The id of a type: the last one's again when it is the same string (a location's lines name few types). */
    private int type(String s) {
        if (s != lastType) {
            lastTypeId = id(s);
            lastType = s;
        }
        return lastTypeId;
    }

    /** The id of a container: nearly always the location's own, the same string. */
    private int container(String s) {
        if (s != lastContainer) {
            lastContainerId = id(s);
            lastContainer = s;
        }
        return lastContainerId;
    }

    private int id(String s) {
        Integer known = ids.get(s);
        if (known != null) {
            return known;
        }
        byte[] token = PajeText.tokenOf(s);
        int id = names.intern(token, 0, token.length);
        if (ids.size() < MAX_REMEMBERED) {
            ids.put(s, id);
        }
        return id;
    }

    private int[] ids(String[] user) {
        int[] out = new int[user.length];
        for (int i = 0; i < user.length; i++) {
            out[i] = id(user[i]);
        }
        return out;
    }

    @Override
    public void pushState(double time, String type, String container, String value) {
        batch.add(PUSH, time, type(type), container(container), id(value), -1, 0, null, null);
    }

    @Override
    public void popState(double time, String type, String container) {
        batch.add(POP, time, type(type), container(container), -1, -1, 0, null, null);
    }

    @Override
    public void event(double time, String type, String container, String value) {
        batch.add(EVENT, time, type(type), container(container), id(value), -1, 0, null, null);
    }

    @Override
    public void setVariable(double time, String type, String container, double value) {
        batch.add(SET_VARIABLE, time, type(type), container(container), -1, -1, value, null, null);
    }

    @Override
    public void entity(PajeText.Shape shape, double time, String[] standard, String[] user) {
        switch (shape.kind()) {
            // links: type, container, start or end container, value, key
            case START_LINK, END_LINK -> batch.add(shape.id(), time, type(standard[0]), container(standard[1]),
                    id(standard[3]), id(standard[2]), 0, standard[4], ids(user));
            // states and events: type, container, value
            case PUSH_STATE, SET_STATE, NEW_EVENT -> batch.add(shape.id(), time, type(standard[0]),
                    container(standard[1]), id(standard[2]), -1, 0, null, ids(user));
            default -> throw new IllegalArgumentException("no OTF2 line is a " + shape.kind().specName());
        }
    }
}
