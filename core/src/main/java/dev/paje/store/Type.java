package dev.paje.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A node of the type hierarchy: a container type or an entity type (state, event, variable, link). */
public final class Type {
    private final int id;
    private final TypeKind kind;
    private final String name;
    private final String alias;
    private final Type parent;
    private final String color;
    private final Type startType;
    private final Type endType;
    private final List<Type> children = new ArrayList<>();
    private final List<EntityValue> values = new ArrayList<>();
    private final IntIntMap valueByName = new IntIntMap();
    private int[] dense = new int[0]; // valueByName for small name ids: one array read

    public Type(int id, TypeKind kind, String name, String alias, Type parent, String color,
            Type startType, Type endType) {
        this.id = id;
        this.kind = kind;
        this.name = name;
        this.alias = alias;
        this.parent = parent;
        this.color = color;
        this.startType = startType;
        this.endType = endType;
        if (parent != null) {
            parent.children.add(this);
        }
    }

    public int id() {
        return id;
    }

    public TypeKind kind() {
        return kind;
    }

    public String name() {
        return name;
    }

    /** The alias used in the trace, or null. */
    public String alias() {
        return alias;
    }

    /** The container type this type belongs to; null only for the root container type. */
    public Type parent() {
        return parent;
    }

    /** The {@code Color} field of the type definition, or null. */
    public String color() {
        return color;
    }

    /** For link types: the type of containers links start from. */
    public Type startType() {
        return startType;
    }

    /** For link types: the type of containers links end at. */
    public Type endType() {
        return endType;
    }

    public List<Type> children() {
        return Collections.unmodifiableList(children);
    }

    public List<EntityValue> values() {
        return Collections.unmodifiableList(values);
    }

    public EntityValue value(int index) {
        return values.get(index);
    }

    /** The value index registered for interned name {@code nameId}, or -1. */
    public int valueIndex(int nameId) {
        return nameId < dense.length ? dense[nameId] : valueByName.get(nameId);
    }

    private void bind(int nameId, int index) {
        valueByName.put(nameId, index);
        if (nameId >= 0 && nameId < 1 << 16) {
            if (nameId >= dense.length) {
                int old = dense.length;
                dense = java.util.Arrays.copyOf(dense, Math.max(nameId + 1, Math.min(old * 2, 1 << 16)));
                java.util.Arrays.fill(dense, old, dense.length, -1);
                for (int id = old; id < dense.length; id++) {
                    dense[id] = valueByName.get(id);
                }
            }
            dense[nameId] = index;
        }
    }

    /** Adds a value, reachable by its name id and its alias id (-1 when none). */
    public EntityValue addValue(String name, String alias, String color, int nameId, int aliasId) {
        EntityValue v = new EntityValue(values.size(), name, alias, color);
        values.add(v);
        bind(nameId, v.index());
        if (aliasId >= 0) {
            bind(aliasId, v.index());
        }
        return v;
    }

    /** Adds a value read back from a cache (no name lookups are needed any more). */
    void restoreValue(String name, String alias, String color) {
        values.add(new EntityValue(values.size(), name, alias, color));
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + " type " + name;
    }
}
