package dev.paje.testing;

/**
 * The {@code %EventDef} blocks of traces written by tests, from one line per definition: the event's
 * name, its id, then its fields in the order its lines give them, e.g.
 * {@code PajeSetVariable 8 Time Container Type Value:double}. A field is NAME, or NAME:TYPE where the
 * type is not the usual one (date for Time, color for Color, string for the rest). Each test keeps
 * its own ids and field order (its event lines follow them); only the block syntax is written once.
 */
public final class EventDefs {
    private EventDefs() {
    }

    /** The blocks of {@code specs} (one definition a line, blank lines skipped), each field on its own "% NAME TYPE" line. */
    public static String of(String specs) {
        PajeHeader header = new PajeHeader();
        for (String spec : specs.split("\n")) {
            if (spec.isBlank()) {
                continue;
            }
            String[] words = spec.strip().split(" +");
            if (words.length < 2 || !words[1].matches("[0-9]+")) {
                throw new IllegalArgumentException("expected 'EVENT ID FIELD...', found '" + spec + "'");
            }
            String[] fields = new String[words.length - 2];
            for (int i = 2; i < words.length; i++) {
                String[] nameType = words[i].split(":");
                fields[i - 2] = nameType[0] + " " + (nameType.length > 1 ? nameType[1] : usualType(nameType[0]));
            }
            header.define(Integer.parseInt(words[1]), words[0], fields);
        }
        return header.lines().isEmpty() ? "" : header.text();
    }

    private static String usualType(String field) {
        return switch (field) {
            case "Time" -> "date";
            case "Color" -> "color";
            default -> "string";
        };
    }
}
