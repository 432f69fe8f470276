package dev.paje.sim;

import java.util.Arrays;

/**
 * Simulation-only state per (container, entity type): the state stack, the pending links. Indexed
 * by container id then type id; dropped when the simulation ends.
 */
final class Slots {
    private Object[][] byContainer = new Object[64][];

    Object get(int container, int type) {
        if (container >= byContainer.length) {
            return null;
        }
        Object[] row = byContainer[container];
        return row == null || type >= row.length ? null : row[type];
    }

    void put(int container, int type, Object slot) {
        if (container >= byContainer.length) {
            byContainer = Arrays.copyOf(byContainer, Math.max(container + 1, byContainer.length * 2));
        }
        Object[] row = byContainer[container];
        if (row == null) {
            row = new Object[Math.max(8, type + 1)];
            byContainer[container] = row;
        } else if (type >= row.length) {
            row = Arrays.copyOf(row, Math.max(type + 1, row.length * 2));
            byContainer[container] = row;
        }
        row[type] = slot;
    }

    /** All slots of {@code container} (may contain nulls), or an empty array. */
    Object[] of(int container) {
        if (container >= byContainer.length || byContainer[container] == null) {
            return new Object[0];
        }
        return byContainer[container];
    }
}
