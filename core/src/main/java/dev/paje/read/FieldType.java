package dev.paje.read;

/** The value types a field may declare in an {@code %EventDef} block. */
public enum FieldType {
    DATE, INT, DOUBLE, FLOAT, HEX, STRING, COLOR;

    /** Parses a declared type name, or returns null when it is not one of Pajé's types. */
    static FieldType parse(String name) {
        return switch (name) {
            case "date" -> DATE;
            case "int" -> INT;
            case "double" -> DOUBLE;
            case "float" -> FLOAT;
            case "hex" -> HEX;
            case "string" -> STRING;
            case "color" -> COLOR;
            default -> null;
        };
    }

    public String specName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
