package dev.paje.export.parquet;

import java.io.IOException;

/**
 * Where the rows of a table go, one value per column in order then {@link #endRow}: a Parquet file,
 * or another engine's rows (the Spark converter writes the same tables through it).
 */
public interface RowSink {
    RowSink string(String s);

    RowSink integer(int v);

    /** An int column's null. */
    RowSink nullInteger();

    /** A double; NaN stands for null. */
    RowSink number(double v);

    void endRow() throws IOException;
}
