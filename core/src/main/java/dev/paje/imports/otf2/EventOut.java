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
    /**
     * Strings seen last, by hash: their ids without a map lookup when the same String comes again (types,
     * containers, region values and link key prefixes are made once by the decoder).
     */
    private final String[] seen = new String[SEEN];
    private final int[] seenId = new int[SEEN];
    /** Numbers written as user fields (link sizes and tags), by value: their ids without formatting them. */
    private final long[] numbers = new long[SEEN];
    private final int[] numberId = new int[SEEN];
    private final byte[] digits = new byte[20];
    private static final int SEEN = 256;
    /**
     * Per role of a name in a call (a push's type, a line's container...), the String given last and its id: a role
     * mostly gets the same String (a location's container, its region type), found then without hashing it.
     */
    private final String[] lastName = new String[ROLES];
    private final int[] lastId = new int[ROLES];
    private static final int PUSH_TYPE = 0;
    private static final int POP_TYPE = 1;
    private static final int CONTAINER = 2;
    private static final int EVENT_TYPE = 3;
    private static final int VARIABLE_TYPE = 4;
    private static final int LINK_TYPE = 5;
    private static final int LINK_CONTAINER = 6;
    private static final int LINK_VALUE = 7;
    private static final int LINK_PEER = 8;
    private static final int ROLES = 9;

    /** {@code pool}: where batches the reader is done with come back from (null: always new ones). */
    EventOut(BatchPool pool) {
        this.pool = pool;
        java.util.Arrays.fill(numberId, -1);
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
            java.util.Arrays.fill(seen, null);
            java.util.Arrays.fill(lastName, null);
            java.util.Arrays.fill(numberId, -1);
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

    /** The id of name {@code s}: from the last strings seen when it is one of them, else from the map. */
    private int id(String s) {
        int slot = s.hashCode() & (SEEN - 1);
        if (seen[slot] == s) {
            return seenId[slot];
        }
        int id = lookup(s);
        seen[slot] = s;
        seenId[slot] = id;
        return id;
    }

    /** The id of name {@code s} in {@code role}: the last one's again when it is the same String. */
    private int id(int role, String s) {
        if (lastName[role] == s) {
            return lastId[role];
        }
        int id = id(s);
        lastName[role] = s;
        lastId[role] = id;
        return id;
    }

    private int lookup(String s) {
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

    /** The id of the unsigned decimal {@code n} as a name, as {@link #id} gives for its string. */
    private int number(long n) {
        int slot = (int) (n ^ n >>> 32) * 0x9E3779B9 >>> 24;
        if (numbers[slot] == n && numberId[slot] >= 0) {
            return numberId[slot];
        }
        int id = names.intern(digits, 0, Decimal.write(n, digits, 0)); // digits are a token as they are
        numbers[slot] = n;
        numberId[slot] = id;
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
        batch.add(PUSH, time, id(PUSH_TYPE, type), id(CONTAINER, container), id(value), -1, 0);
    }

    @Override
    public void popState(double time, String type, String container) {
        batch.add(POP, time, id(POP_TYPE, type), id(CONTAINER, container), -1, -1, 0);
    }

    @Override
    public void event(double time, String type, String container, String value) {
        batch.add(EVENT, time, id(EVENT_TYPE, type), id(CONTAINER, container), id(value), -1, 0);
    }

    @Override
    public void setVariable(double time, String type, String container, double value) {
        batch.add(SET_VARIABLE, time, id(VARIABLE_TYPE, type), id(CONTAINER, container), -1, -1, value);
    }

    @Override
    public void link(PajeText.Shape shape, double time, String type, String container, String peer, String value,
            LinkKey key, long size, int tag, String[] attributes) {
        // the names in the order the text's line gives them: type, container, value, peer, then the user fields
        int t = id(LINK_TYPE, type);
        int c = id(LINK_CONTAINER, container);
        int v = id(LINK_VALUE, value);
        int p = id(LINK_PEER, peer);
        batch.add(shape.id(), time, t, c, v, p, 0);
        batch.key(key.bytes(), key.length());
        batch.user(number(size));
        batch.user(number(tag & 0xffffffffL));
        for (String a : attributes) {
            batch.user(id(a));
        }
    }

    @Override
    public void entity(PajeText.Shape shape, double time, String[] standard, String[] user) {
        switch (shape.kind()) {
            // links: type, container, start or end container, value, key
            case START_LINK, END_LINK -> batch.add(shape.id(), time, id(standard[0]), id(standard[1]),
                    id(standard[3]), id(standard[2]), 0, standard[4], ids(user));
            // states and events: type, container, value
            case PUSH_STATE, SET_STATE, NEW_EVENT -> batch.add(shape.id(), time, id(standard[0]),
                    id(standard[1]), id(standard[2]), -1, 0, null, ids(user));
            default -> throw new IllegalArgumentException("no OTF2 line is a " + shape.kind().specName());
        }
    }
}
