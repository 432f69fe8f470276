package dev.paje.export.parquet;

/** The column types of the trace tables and their Parquet physical types. */
public enum ColumnType {
    /** BYTE_ARRAY, logical STRING, dictionary-encoded. */
    STRING(6),
    /** INT32, PLAIN. */
    INT(1),
    /** DOUBLE, PLAIN. */
    DOUBLE(5);

    /** Parquet's {@code Type} enum value. */
    final int physical;

    ColumnType(int physical) {
        this.physical = physical;
    }
}
