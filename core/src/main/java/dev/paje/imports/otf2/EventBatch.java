package dev.paje.imports.otf2;

import dev.paje.store.Names;
import java.util.Arrays;

/**
 * Entity events of one location as values, decoded by a worker, waiting for the merge: per line its
 * event definition's id, time, names (ids in the decoder's own {@link Names}, published with the batch),
 * variable value, link key (bytes) and user fields (name ids).
 */
final class EventBatch extends Batch {
    /** Bytes of the per-line arrays. */
    private static final int LINE_BYTES = 52;
    int[] event;
    int[] type;
    int[] container;
    int[] value;
    int[] other;
    double[] number;
    /** Where each line's key is in {@link #keys}; -1 without one. */
    int[] keyFrom;
    int[] keyTo;
    int[] userFrom;
    byte[] keys = new byte[1024];
    int keyBytes;
    int[] users = new int[1024];
    int userCount;
    /** The decoder's names when the batch ended, and which of its tables they are (it starts anew now and then). */
    Names.View names;
    int generation;
    /** The name id of the location's own container, or -1: events in any other container are shared. */
    int own = -1;

    /** A batch of about {@code capacity} bytes ({@link #bytes}): its arrays sized once, not grown by copies. */
    EventBatch(int capacity) {
        super(capacity / LINE_BYTES + 16);
        int n = times.length;
        event = new int[n];
        type = new int[n];
        container = new int[n];
        value = new int[n];
        other = new int[n];
        number = new double[n];
        keyFrom = new int[n];
        keyTo = new int[n];
        userFrom = new int[n];
    }

    /** Whether a batch of {@code capacity} bytes fits without growing. */
    boolean fits(int capacity) {
        return times.length >= capacity / LINE_BYTES + 16;
    }

    /** Empties the batch for reuse (its arrays kept): see {@link BatchPool}. */
    void reset() {
        lines = 0;
        offset = 0;
        keyBytes = 0;
        userCount = 0;
        names = null;
        generation = 0;
        own = -1;
    }

    /** Adds a line; {@code key}: ASCII or null; {@code user}: name ids, or null. */
    void add(int id, double time, int typeId, int containerId, int valueId, int otherId, double num, String key,
            int[] user) {
        add(id, time, typeId, containerId, valueId, otherId, num);
        if (key != null) {
            int len = key.length();
            room(len);
            keyFrom[lines - 1] = keyBytes;
            for (int k = 0; k < len; k++) {
                keys[keyBytes++] = (byte) key.charAt(k); // keys are letters, digits and '_'
            }
            keyTo[lines - 1] = keyBytes;
        }
        if (user != null) {
            for (int u : user) {
                user(u);
            }
        }
    }

    /** Adds a line without key nor user fields: {@link #key} and {@link #user} add them. */
    void add(int id, double time, int typeId, int containerId, int valueId, int otherId, double num) {
        if (full()) {
            int n = lines * 2;
            event = Arrays.copyOf(event, n);
            type = Arrays.copyOf(type, n);
            container = Arrays.copyOf(container, n);
            value = Arrays.copyOf(value, n);
            other = Arrays.copyOf(other, n);
            number = Arrays.copyOf(number, n);
            keyFrom = Arrays.copyOf(keyFrom, n);
            keyTo = Arrays.copyOf(keyTo, n);
            userFrom = Arrays.copyOf(userFrom, n);
            growTimes();
        }
        int i = lines++;
        event[i] = id;
        times[i] = time;
        type[i] = typeId;
        container[i] = containerId;
        value[i] = valueId;
        other[i] = otherId;
        number[i] = num;
        keyFrom[i] = -1;
        keyTo[i] = -1;
        userFrom[i] = userCount;
    }

    /** The last line's key: {@code length} ASCII bytes of {@code key}. */
    void key(byte[] key, int length) {
        room(length);
        int i = lines - 1;
        keyFrom[i] = keyBytes;
        System.arraycopy(key, 0, keys, keyBytes, length);
        keyBytes += length;
        keyTo[i] = keyBytes;
    }

    /** Appends a user field (a name id) to the last line. */
    void user(int id) {
        if (userCount == users.length) {
            users = Arrays.copyOf(users, users.length * 2);
        }
        users[userCount++] = id;
    }

    /** Room for {@code len} more key bytes. */
    private void room(int len) {
        if (keyBytes + len > keys.length) {
            keys = Arrays.copyOf(keys, Math.max(keyBytes + len, keys.length * 2));
        }
    }

    @Override
    int bytes() {
        return lines * LINE_BYTES + keyBytes + userCount * 4;
    }

    @Override
    void moveLastTo(int line) {
        if (line >= lines - 1) {
            return;
        }
        rotate(event, line);
        rotate(times, line);
        rotate(type, line);
        rotate(container, line);
        rotate(value, line);
        rotate(other, line);
        rotate(number, line);
        rotate(keyFrom, line);
        rotate(keyTo, line);
        rotate(userFrom, line);
    }
}
