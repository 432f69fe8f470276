package dev.paje.export;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The declared types of a trace's fields, read from its {@code %EventDef} header, so that a cut
 * declares its user fields as the input did ({@code int}, {@code hex}...): the store keeps only their text.
 */
public final class UserFieldTypes {
    private static final Set<String> TYPES = Set.of("date", "int", "double", "float", "hex", "string", "color");

    private UserFieldTypes() {
    }

    /**
     * Field name to declared type, from the definitions before the first event line; a name declared
     * with two types maps to "string" (always accepted). Unreadable lines are skipped.
     */
    public static Map<String, String> of(Path trace) throws IOException {
        Map<String, String> types = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(trace, StandardCharsets.ISO_8859_1)) {
            boolean inDef = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String s = line.strip();
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                if (!s.startsWith("%")) {
                    break; // the header is over: the events begin
                }
                String[] t = s.substring(1).strip().split("\\s+");
                if (t[0].equals("EventDef")) {
                    inDef = true;
                } else if (t[0].equals("EndEventDef")) {
                    inDef = false;
                } else if (inDef && t.length == 2 && TYPES.contains(t[1])) {
                    types.merge(t[0], t[1], (a, b) -> a.equals(b) ? a : "string");
                }
            }
        }
        return types;
    }
}
