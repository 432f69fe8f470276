package dev.paje.export.parquet;

import java.io.IOException;

/**
 * Where the rows of a table go, one value per column in order then {@link #endRow}: a Parquet file,
 * or another engine's rows (the Spark converter writes the same tables through it).
 */
public interface RowSink {
    RowSink string(String s);

    /**
     * String {@code s} (may be null), also named by {@code key}: a small non-negative int that is the same for
     * equal strings within the table's column (a container's id, ...), which a sink may use to skip comparing
     * the strings.
     */
    default RowSink string(int key, String s) {
        return string(s);
    }

    RowSink integer(int v);

    /** An int column's null. */
    RowSink nullInteger();

    /** A double; NaN stands for null. */
    RowSink number(double v);

    void endRow() throws IOException;
}
