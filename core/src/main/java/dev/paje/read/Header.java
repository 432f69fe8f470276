package dev.paje.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The event definitions of one trace file, built from its {@code %} lines. Definitions may appear
 * anywhere in the file; an id is looked up without allocation when it is a small number.
 */
final class Header {
    private static final int SMALL_IDS = 4096;

    private final boolean legacyNames;
    private final EventDefinition[] small = new EventDefinition[SMALL_IDS];
    private final Map<String, EventDefinition> byId = new HashMap<>();

    // The definition being read, between %EventDef and %EndEventDef.
    private String openId;
    private EventKind openKind;
    private long openLine;
    private String openText;
    /** After a rejected %EventDef: its field lines and %EndEventDef are skipped without more noise. */
    private boolean skipping;
    private final List<String> names = new ArrayList<>();
    private final List<FieldType> types = new ArrayList<>();

    Header(boolean legacyNames) {
        this.legacyNames = legacyNames;
    }

    /**
     * The definitions found at the start of {@code data}, up to the first event line: what the
     * parallel tokenizers resolve with. Problems are ignored here; the in-order pass reports them.
     */
    static Header prefix(byte[] data, int length, boolean legacyNames) {
        Header h = new Header(legacyNames);
        Line line = new Line();
        line.buf = data;
        int pos = 0;
        while (pos < length) {
            int nl = pos;
            while (nl < length && data[nl] != '\n') {
                nl++;
            }
            if (nl == length) {
                break; // the last line may be cut: leave it to the in-order pass
            }
            try {
                if (LineScanner.scan(data, pos, nl, line)) {
                    if (data[line.start[0]] != '%') {
                        break;
                    }
                    h.accept(line);
                }
            } catch (EventError e) {
                if (h.openId != null && line.count > 0 && data[line.start[0]] == '%') {
                    h.openId = null; // a broken definition: drop it, as the in-order pass will
                }
            }
            pos = nl + 1;
        }
        h.openId = null;
        return h;
    }

    boolean isEmpty() {
        return byId.isEmpty();
    }

    boolean definitionOpen() {
        return openId != null;
    }

    long openLine() {
        return openLine;
    }

    /** The %EventDef line of the definition still open. */
    String openText() {
        return openText;
    }

    /** The definition whose id is the number {@code id}, or null. */
    EventDefinition byNumber(int id) {
        return id >= 0 && id < SMALL_IDS ? small[id] : byId.get(Integer.toString(id));
    }

    /** Finds the definition named by token 0 of {@code line}, or null. */
    EventDefinition lookup(Line line) {
        byte[] b = line.buf;
        int s = line.start[0];
        int e = line.end[0];
        int n = e - s;
        if (n <= 4) {
            int v = 0;
            int i = s;
            for (; i < e; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                v = v * 10 + d;
            }
            if (i == e && (n == 1 || b[s] != '0')) {
                return v < SMALL_IDS ? small[v] : byId.get(line.text(0));
            }
        }
        return byId.get(line.text(0));
    }

    /** Interprets one header line (its first token starts with '%'). */
    void accept(Line line) {
        int first = 0;
        String keyword;
        if (line.end[0] - line.start[0] == 1) {
            if (line.count == 1) {
                return; // a lone '%': nothing to do
            }
            keyword = line.text(1);
            first = 1;
        } else {
            keyword = new String(line.buf, line.start[0] + 1, line.end[0] - line.start[0] - 1,
                    java.nio.charset.StandardCharsets.UTF_8);
        }
        int args = line.count - first - 1;
        switch (keyword) {
            case "EventDef" -> begin(line, first, args);
            case "EndEventDef" -> end(line);
            default -> field(line, keyword, first, args);
        }
    }

    private void begin(Line line, int first, int args) {
        skipping = false;
        if (openId != null) {
            throw new EventError("%EventDef inside the unfinished definition of " + openKind.specName()
                    + " " + openId + " (line " + openLine + "): expected %EndEventDef first");
        }
        skipping = true; // until this definition is accepted
        if (args != 2) {
            throw new EventError("malformed %EventDef: expected '%EventDef NAME ID', found " + args
                    + " word" + (args == 1 ? "" : "s") + " after %EventDef");
        }
        String name = line.text(first + 1);
        String id = line.text(first + 2);
        EventKind kind = EventKind.bySpecName(name);
        if (kind == null) {
            throw new EventError("unknown event '" + name + "' in %EventDef: expected one of "
                    + knownEvents());
        }
        EventDefinition existing = byId.get(id);
        if (existing != null) {
            throw new EventError("event id '" + id + "' is defined twice: it already names "
                    + existing.kind().specName() + " (line " + existing.line() + ")");
        }
        skipping = false;
        openId = id;
        openKind = kind;
        openLine = line.number;
        openText = line.raw();
        names.clear();
        types.clear();
    }

    private void field(Line line, String fieldName, int first, int args) {
        if (openId == null && skipping) {
            return;
        }
        if (openId == null) {
            throw new EventError("field definition '" + fieldName
                    + "' outside of an event definition: expected %EventDef first");
        }
        if (args != 1) {
            throw new EventError("malformed field definition: expected '% NAME TYPE', found "
                    + (args + 1) + " words");
        }
        String typeName = line.text(first + 1);
        FieldType type = FieldType.parse(typeName);
        if (type == null) {
            throw new EventError("unknown field type '" + typeName + "' for field " + fieldName
                    + ": expected date, int, double, float, hex, string or color");
        }
        if (names.contains(fieldName)) {
            throw new EventError("field '" + fieldName + "' is declared twice in " + openKind.specName()
                    + " " + openId);
        }
        names.add(fieldName);
        types.add(type);
    }

    private void end(Line line) {
        if (openId == null && skipping) {
            skipping = false;
            return;
        }
        if (openId == null) {
            throw new EventError("%EndEventDef without a matching %EventDef");
        }
        String id = openId;
        EventKind kind = openKind;
        long started = openLine;
        openId = null;
        Field[] roles = new Field[names.size()];
        boolean[] seen = new boolean[Field.ALL.length];
        for (int i = 0; i < roles.length; i++) {
            Field f = Field.byName(names.get(i), kind, legacyNames);
            if (f != null && seen[f.ordinal()]) {
                f = null; // a second field for the same role (e.g. Type and ContainerType): keep it as user field
            }
            roles[i] = f;
            if (f != null) {
                seen[f.ordinal()] = true;
            }
        }
        StringJoiner missing = new StringJoiner(", ");
        for (Field f : kind.required()) {
            if (!seen[f.ordinal()]) {
                missing.add(f.specName());
            }
        }
        if (missing.length() > 0) {
            String hint = !legacyNames && usesLegacyNames() ? " (this definition uses the 2003 field names: read it with -n/--no-strict)" : "";
            throw new EventError("definition of " + kind.specName() + " " + id + " (line " + started
                    + ") lacks obligatory field(s) " + missing + "; found: " + String.join(", ", names) + hint);
        }
        EventDefinition def = new EventDefinition(id, kind, names, types, roles, (int) started);
        byId.put(id, def);
        int small = smallId(id);
        if (small >= 0) {
            this.small[small] = def;
        }
    }

    private boolean usesLegacyNames() {
        for (String n : names) {
            switch (n) {
                case "ContainerType", "EntityType", "SourceContainerType", "DestContainerType",
                        "SourceContainer", "DestContainer" -> {
                    return true;
                }
                default -> { }
            }
        }
        return false;
    }

    private static int smallId(String id) {
        if (id.isEmpty() || id.length() > 4 || (id.length() > 1 && id.charAt(0) == '0')) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v < SMALL_IDS ? v : -1;
    }

    private static String knownEvents() {
        StringJoiner j = new StringJoiner(", ");
        for (EventKind k : EventKind.values()) {
            j.add(k.specName());
        }
        return j.toString();
    }
}
