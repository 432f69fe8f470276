package dev.paje.export.parquet;

/** A column of a Parquet file: its name, type, and whether it may hold nulls. */
public record Column(String name, ColumnType type, boolean optional) {
    public static Column string(String name) {
        return new Column(name, ColumnType.STRING, true);
    }

    public static Column integer(String name) {
        return new Column(name, ColumnType.INT, false);
    }

    public static Column nullableInteger(String name) {
        return new Column(name, ColumnType.INT, true);
    }

    public static Column number(String name) {
        return new Column(name, ColumnType.DOUBLE, true);
    }
}
