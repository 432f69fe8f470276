package dev.paje.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.store.DisplayNames;
import dev.paje.store.Trace;
import dev.paje.store.UserColumns;
import java.io.IOException;

/** The user fields of an entity as one JSON object (JSON export's "user", Chrome's "args"); shared by both exports. */
final class UserFieldsJson {
    private UserFieldsJson() {
    }

    /** Writes field {@code object}: the fields {@code row} has in {@code user} (null: none), left out when it has none. */
    static void write(JsonGenerator g, String object, Trace trace, UserColumns user, int row) throws IOException {
        if (user == null) {
            return;
        }
        boolean open = false;
        for (String name : user.names()) {
            int v = user.get(row, name);
            if (v >= 0) {
                if (!open) {
                    g.writeObjectFieldStart(object);
                    open = true;
                }
                g.writeStringField(name, DisplayNames.name(trace.name(v)));
            }
        }
        if (open) {
            g.writeEndObject();
        }
    }
}
