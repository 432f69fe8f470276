package dev.paje.trace;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Extra fields after the standard ones of one kind of line (poti's {@code Mark} of a state, {@code Size}
 * of a link): declared on the {@link Tracer.Builder}, so that their definition is in the header, then
 * filled per call through a {@link FieldValues}. Every user field is written as a string.
 */
public final class UserFields {
    /** The lines that can carry user fields. */
    public enum Kind {
        PUSH_STATE(Standard.PUSH_STATE),
        SET_STATE(Standard.SET_STATE),
        NEW_EVENT(Standard.NEW_EVENT),
        START_LINK(Standard.START_LINK),
        END_LINK(Standard.END_LINK);

        final Standard standard;

        Kind(Standard standard) {
            this.standard = standard;
        }
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Set<String> STANDARD = Set.of("Time", "Type", "Container", "Value", "Key", "Alias", "Name",
            "StartContainer", "EndContainer", "Color");

    final Tracer.Builder owner;
    final Kind kind;
    final List<String> names;
    final int number;
    /** The definition's id as a line's first token. */
    final byte[] id;

    UserFields(Tracer.Builder owner, Kind kind, int id, String... names) {
        for (String n : names) {
            if (n == null || !NAME.matcher(n).matches() || STANDARD.contains(n)) {
                throw new IllegalArgumentException("user field name " + (n == null ? "null" : "'" + n + "'")
                        + ": expected a letter then letters, digits or '_', not one of the standard " + STANDARD);
            }
        }
        if (new java.util.HashSet<>(List.of(names)).size() != names.length) {
            throw new IllegalArgumentException("user field names repeat: " + List.of(names));
        }
        this.owner = owner;
        this.kind = kind;
        this.names = List.of(names);
        this.number = id;
        this.id = Integer.toString(id).getBytes(StandardCharsets.US_ASCII);
    }

    /** A reusable holder of this kind's field values, for one thread at a time. */
    public FieldValues values() {
        return new FieldValues(this);
    }

    public Kind kind() {
        return kind;
    }

    public List<String> names() {
        return names;
    }

    String definition() {
        return kind.standard.definition(number, names);
    }
}
