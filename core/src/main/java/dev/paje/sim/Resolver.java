package dev.paje.sim;

import dev.paje.read.EventError;
import dev.paje.store.Names;
import dev.paje.store.Container;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.Locale;

/** Resolves interned names to types, containers and values, or says which one is unknown. */
final class Resolver {
    private final Names names;
    private final Registry<Type> types;
    private final Registry<Container> containers;

    Resolver(Names names, Registry<Type> types, Registry<Container> containers) {
        this.names = names;
        this.types = types;
        this.containers = containers;
    }

    /** The type named {@code nameId} (field {@code field}); of kind {@code kind} unless it is null. */
    Type type(int nameId, String field, TypeKind kind) {
        int i = types.find(nameId);
        if (i < 0) {
            String what = kind == null ? "entity type" : kind.name().toLowerCase(Locale.ROOT) + " type";
            throw new EventError("unknown " + what + " '" + names.get(nameId) + "' in field " + field
                    + ": no type of that name or alias was defined before this line");
        }
        Type type = types.get(i);
        if (kind != null && type.kind() != kind) {
            throw new EventError("'" + names.get(nameId) + "' in field " + field + " is a "
                    + type.kind().name().toLowerCase(Locale.ROOT) + " type, expected a "
                    + kind.name().toLowerCase(Locale.ROOT) + " type");
        }
        return type;
    }

    Container container(int nameId, String field) {
        int i = containers.find(nameId);
        if (i < 0) {
            throw new EventError("unknown container '" + names.get(nameId) + "' in field " + field
                    + ": no container of that name or alias was created before this line");
        }
        return containers.get(i);
    }

    /** The value index of {@code nameId} in {@code type}; undeclared values are added, as Pajé does. */
    int value(int nameId, Type type) {
        int v = type.valueIndex(nameId);
        if (v < 0) {
            v = type.addValue(names.get(nameId), null, null, nameId, -1).index();
        }
        return v;
    }
}
