package dev.paje.sim;

import dev.paje.read.EventError;
import dev.paje.store.IntIntMap;
import dev.paje.store.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Things (types or containers) reachable by name or by alias, with the line that made each. */
final class Registry<T> {
    private final Names names;
    private final List<T> items = new ArrayList<>();
    private final List<Long> lines = new ArrayList<>();
    private final IntIntMap byAlias = new IntIntMap();
    private final IntIntMap byName = new IntIntMap();

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

    long line(int index) {
        return lines.get(index);
    }

    void add(T item, String name, String alias, long line) {
        int index = items.size();
        items.add(item);
        lines.add(line);
        byName.put(names.intern(name), index);
        if (alias != null) {
            byAlias.put(names.intern(alias), index);
        }
    }

    /** Makes {@code alias} one more way to reach item {@code index}. */
    void alias(String alias, int index) {
        byAlias.put(names.intern(alias), index);
    }

    /** Index of the item named or aliased by {@code buf[from, to)}, or -1. Aliases win. */
    int find(byte[] buf, int from, int to) {
        int id = names.find(buf, from, to);
        if (id < 0) {
            return -1;
        }
        int i = byAlias.get(id);
        return i >= 0 ? i : byName.get(id);
    }

    /** Rejects a new item whose alias is taken, or whose name clashes with an existing item. */
    void checkNew(String name, String alias, String what, Predicate<T> nameClash) {
        if (alias != null) {
            int id = names.intern(alias);
            int i = byAlias.get(id);
            if (i >= 0) {
                throw new EventError("alias '" + alias + "' is already used by " + items.get(i) + " (line "
                        + lines.get(i) + ")");
            }
        }
        int i = byName.get(names.intern(name));
        if (i >= 0 && nameClash.test(items.get(i))) {
            throw new EventError("duplicate " + what + " '" + name + "': already defined at line " + lines.get(i));
        }
    }
}
