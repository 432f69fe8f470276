package dev.paje.export;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code %EventDef} blocks of a cut trace: one per event and list of fields it uses (types
 * with or without an alias, entities with the user fields they carry), numbered in order of use.
 * Every definition is registered before the header is written; asking for a new one afterwards is a bug.
 */
final class CutHeader {
    /** An event definition: its Pajé name and its fields, each "Name type". */
    record Def(String event, List<String> fields) {
    }

    private final Map<Def, Integer> ids = new LinkedHashMap<>();
    private final Map<String, String> userTypes;
    private boolean written;

    /** {@code userTypes}: the input's declared type of each user field (see {@link UserFieldTypes}); others are strings. */
    CutHeader(Map<String, String> userTypes) {
        this.userTypes = userTypes;
    }

    /** The id of {@code event} with {@code fields} (standard fields, then user fields as the input typed them). */
    int id(String event, List<String> fields, Iterable<String> userFields) {
        List<String> all = new ArrayList<>(fields);
        if (userFields != null) {
            for (String u : userFields) {
                all.add(u + " " + userTypes.getOrDefault(u, "string"));
            }
        }
        Def def = new Def(event, all);
        Integer id = ids.get(def);
        if (id == null) {
            if (written) {
                throw new IllegalStateException("event definition registered after the header: " + def);
            }
            id = ids.size();
            ids.put(def, id);
        }
        return id;
    }

    int id(String event, List<String> fields) {
        return id(event, fields, null);
    }

    /** Writes the definitions; no comment line first: ViTE warns of every '#' line ("the definition is not identified"). */
    void write(Writer out) throws IOException {
        written = true;
        for (Map.Entry<Def, Integer> e : ids.entrySet()) {
            out.write("%EventDef " + e.getKey().event() + " " + e.getValue() + "\n");
            for (String f : e.getKey().fields()) {
                out.write("% " + f + "\n");
            }
            out.write("%EndEventDef\n");
        }
    }
}
