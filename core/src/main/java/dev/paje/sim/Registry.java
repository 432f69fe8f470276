package dev.paje.sim;

import dev.paje.read.EventError;
import dev.paje.store.Names;
import dev.paje.store.IntIntMap;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Things (types or containers) reachable by name or by alias, with the line that made each. One
 * lookup per reference: bindings are {@code index * 2 + (alias ? 1 : 0)}, and an alias is never
 * shadowed by a later name.
 */
final class Registry<T> {
    private final Names names;
    private final List<T> items = new ArrayList<>();
    private final List<Long> lines = new ArrayList<>();
    private final IntIntMap byName = new IntIntMap();
    /** The bindings of small name ids (types and containers are named early), for one array read. */
    private int[] dense = new int[0];

    Registry(Names names) {
        this.names = names;
    }

    int size() {
        return items.size();
    }

    T get(int index) {
        return items.get(index);
    }

    List<T> all() {
        return items;
    }

    void add(T item, String name, String alias, long line) {
        int index = items.size();
        items.add(item);
        lines.add(line);
        int nameId = names.intern(name);
        int bound = byName.get(nameId);
        if (bound < 0 || ((bound & 1) == 0 && bound != 0)) {
            bind(nameId, index * 2); // a later name takes over a name, never an alias nor the root's
        }
        if (alias != null) {
            alias(alias, index);
        }
    }

    /** Makes {@code alias} one more way to reach item {@code index}. */
    void alias(String alias, int index) {
        bind(names.intern(alias), index * 2 + 1);
    }

    /** Index of the item named or aliased by interned name {@code nameId}, or -1. Aliases win. */
    int find(int nameId) {
        int b = nameId < dense.length ? dense[nameId] : byName.get(nameId);
        return b < 0 ? -1 : b >>> 1;
    }

    private void bind(int nameId, int binding) {
        byName.put(nameId, binding);
        if (nameId < 1 << 20) {
            if (nameId >= dense.length) {
                int old = dense.length;
                dense = java.util.Arrays.copyOf(dense, Math.max(nameId + 1, Math.min(old * 2, 1 << 20)));
                java.util.Arrays.fill(dense, old, dense.length, -1);
                for (int id = old; id < dense.length; id++) {
                    int b = byName.get(id);
                    if (b >= 0) {
                        dense[id] = b;
                    }
                }
            }
            dense[nameId] = binding;
        }
    }

    /** Rejects a new item whose alias is taken, or whose name clashes with an existing item. */
    void checkNew(String name, String alias, String what, Predicate<T> nameClash) {
        if (alias != null) {
            int b = byName.get(names.intern(alias));
            if (b >= 0 && (b & 1) == 1) {
                int i = b >>> 1;
                throw new EventError("alias '" + alias + "' is already used by " + items.get(i) + " (line "
                        + lines.get(i) + ")");
            }
        }
        int b = byName.get(names.intern(name));
        if (b >= 0 && (b & 1) == 0 && nameClash.test(items.get(b >>> 1))) {
            throw new EventError("duplicate " + what + " '" + name + "': already defined at line " + lines.get(b >>> 1));
        }
    }
}
