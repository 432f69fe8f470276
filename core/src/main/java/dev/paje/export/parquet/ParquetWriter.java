package dev.paje.export.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A Parquet file written row by row: each row gives every column one value, in column order, then
 * {@link #endRow()}. Row groups are encoded in memory (bounded by {@link ParquetOptions}) and written
 * whole; {@link #close()} writes the footer. The stream is the caller's: it is not closed.
 */
public final class ParquetWriter implements RowSink, Closeable {
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    private final OutputStream out;
    private final List<Column> columns;
    private final ParquetOptions options;
    private final PageCompression compression;
    private final boolean ownCompression;
    private final ColumnChunk[] chunks;
    private final List<Footer.RowGroup> groups = new ArrayList<>();
    private final ByteSink staging = new ByteSink(1 << 12);
    private long position;
    private long totalRows;
    private int groupRows;
    private int next;
    private boolean closed;

    public ParquetWriter(OutputStream out, List<Column> columns, ParquetOptions options) throws IOException {
        this(out, columns, options, null);
    }

    /** The same, pages compressed by {@code compression} (shared with other writers; null: on this thread). */
    public ParquetWriter(OutputStream out, List<Column> columns, ParquetOptions options, PageCompression compression)
            throws IOException {
        this.out = out;
        this.columns = List.copyOf(columns);
        this.options = options;
        this.ownCompression = compression == null;
        this.compression = compression == null ? PageCompression.inline() : compression;
        this.chunks = new ColumnChunk[columns.size()];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new ColumnChunk(columns.get(i), options.pageValues(), options.codec(), options.external(), this.compression,
                    options.splitDoubles());
        }
        out.write(MAGIC);
        position = MAGIC.length;
    }

    private ColumnChunk nextChunk(ColumnType expected) {
        if (next == chunks.length) {
            throw new IllegalStateException("row has more values than the " + chunks.length + " columns");
        }
        ColumnChunk c = chunks[next++];
        if (c.column.type() != expected) {
            throw new IllegalStateException("column " + c.column.name() + " is " + c.column.type() + ", not " + expected);
        }
        return c;
    }

    @Override
    public ParquetWriter string(String s) {
        nextChunk(ColumnType.STRING).string(s);
        return this;
    }

    @Override
    public ParquetWriter integer(int v) {
        nextChunk(ColumnType.INT).integer(v);
        return this;
    }

    /** An int column's null (the column must be optional). */
    @Override
    public ParquetWriter nullInteger() {
        nextChunk(ColumnType.INT).nullValue();
        return this;
    }

    /** A double; NaN is written as null. */
    @Override
    public ParquetWriter number(double v) {
        nextChunk(ColumnType.DOUBLE).number(v);
        return this;
    }

    @Override
    public void endRow() throws IOException {
        if (next != chunks.length) {
            throw new IllegalStateException("row has " + next + " values for " + chunks.length + " columns");
        }
        next = 0;
        totalRows++;
        if (++groupRows >= options.rowGroupRows() || (groupRows % 1024 == 0 && bytes() >= options.rowGroupBytes())) {
            flushGroup();
        }
    }

    private long bytes() {
        long b = 0;
        for (ColumnChunk c : chunks) {
            b += c.bytes();
        }
        return b;
    }

    /** Writes the buffered row group: per column, its dictionary page then its data pages. */
    private void flushGroup() throws IOException {
        if (groupRows == 0) {
            return;
        }
        long groupStart = position;
        long groupUncompressed = 0;
        List<Footer.Chunk> metas = new ArrayList<>(chunks.length);
        for (ColumnChunk c : chunks) {
            c.finishPage();
            long chunkStart = position;
            long dictOffset = -1;
            long uncompressed = 0;
            long compressed = 0;
            if (c.hasDictionary()) {
                staging.clear();
                uncompressed += c.dictionaryPage(staging);
                compressed += staging.size();
                dictOffset = position;
                staging.writeTo(out);
                position += staging.size();
            }
            long dataOffset = position;
            long[] sizes = c.writePages(out);
            position += sizes[0];
            compressed += sizes[0];
            uncompressed += sizes[1];
            metas.add(new Footer.Chunk(c.column, encodings(c), c.values, uncompressed, compressed, dataOffset, dictOffset,
                    chunkStart));
            groupUncompressed += uncompressed;
            c.reset();
        }
        groups.add(new Footer.RowGroup(metas, groupUncompressed, position - groupStart, groupRows, groupStart));
        groupRows = 0;
    }

    private static List<Integer> encodings(ColumnChunk c) {
        List<Integer> e = new ArrayList<>();
        e.add(ColumnChunk.RLE); // definition levels
        if (c.hasDictionary() || c.plainPages) {
            e.add(ColumnChunk.PLAIN); // the dictionary page, or values
        }
        if (c.hasDictionary()) {
            e.add(ColumnChunk.RLE_DICTIONARY);
        }
        if (c.splitPages) {
            e.add(ColumnChunk.BYTE_STREAM_SPLIT);
        }
        return e;
    }

    /** Rows written so far. */
    public long rows() {
        return totalRows;
    }

    /** Writes the last row group and the footer; the stream stays open. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (next != 0) {
                throw new IllegalStateException("the last row is incomplete");
            }
            flushGroup();
            ByteSink footer = new ByteSink(1 << 12);
            Footer.write(footer, columns, groups, totalRows, options.codec());
            footer.writeTo(out);
            ByteSink tail = new ByteSink(8);
            tail.intLE(footer.size());
            tail.put(MAGIC, 0, MAGIC.length);
            tail.writeTo(out);
            position += footer.size() + 8L;
            out.flush();
        } finally {
            if (ownCompression) {
                compression.close();
            }
        }
    }
}
