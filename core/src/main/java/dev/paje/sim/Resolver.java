package dev.paje.sim;

import dev.paje.read.EventDefinition;
import dev.paje.read.EventError;
import dev.paje.read.Field;
import dev.paje.read.Line;
import dev.paje.store.Container;
import dev.paje.store.Names;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.Locale;

/** Resolves the name fields of an event line to types, containers and values, or says which is unknown. */
final class Resolver {
    private final Names names;
    private final Registry<Type> types;
    private final Registry<Container> containers;

    Resolver(Names names, Registry<Type> types, Registry<Container> containers) {
        this.names = names;
        this.types = types;
        this.containers = containers;
    }

    /** The type named by {@code field}; of kind {@code kind} unless it is null. */
    Type type(EventDefinition def, Line line, Field field, TypeKind kind) {
        int t = 1 + def.position(field);
        int i = types.find(line.buffer(), line.start(t), line.end(t));
        if (i < 0) {
            String what = kind == null ? "entity type" : kind.name().toLowerCase(Locale.ROOT) + " type";
            throw new EventError("unknown " + what + " '" + line.text(t) + "' in field " + field.specName()
                    + ": no type of that name or alias was defined before this line");
        }
        Type type = types.get(i);
        if (kind != null && type.kind() != kind) {
            throw new EventError("'" + line.text(t) + "' in field " + field.specName() + " is a "
                    + type.kind().name().toLowerCase(Locale.ROOT) + " type, expected a "
                    + kind.name().toLowerCase(Locale.ROOT) + " type");
        }
        return type;
    }

    Container container(EventDefinition def, Line line, Field field) {
        int t = 1 + def.position(field);
        int i = containers.find(line.buffer(), line.start(t), line.end(t));
        if (i < 0) {
            throw new EventError("unknown container '" + line.text(t) + "' in field " + field.specName()
                    + ": no container of that name or alias was created before this line");
        }
        return containers.get(i);
    }

    /** The value index of the Value field in {@code type}; undeclared values are added, as Pajé does. */
    int value(EventDefinition def, Line line, Type type) {
        int t = 1 + def.position(Field.VALUE);
        int id = names.intern(line.buffer(), line.start(t), line.end(t));
        int v = type.valueIndex(id);
        if (v < 0) {
            v = type.addValue(names.get(id), null, null, id, -1).index();
        }
        return v;
    }
}
