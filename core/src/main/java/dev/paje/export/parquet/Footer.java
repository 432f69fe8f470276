package dev.paje.export.parquet;

import java.util.List;

/** Parquet's {@code FileMetaData}: the schema and where every column chunk of every row group lies. */
final class Footer {
    private static final int REQUIRED = 0;
    private static final int OPTIONAL = 1;
    private static final int UTF8 = 0;

    /** One column chunk as the footer describes it ({@code dictOffset} -1: none). */
    record Chunk(Column column, List<Integer> encodings, long values, long uncompressed, long compressed,
            long dataOffset, long dictOffset, long start) {
    }

    record RowGroup(List<Chunk> chunks, long uncompressed, long compressed, long rows, long start) {
    }

    private Footer() {
    }

    static void write(ByteSink out, List<Column> columns, List<RowGroup> groups, long rows, Codec codec) {
        Thrift t = new Thrift(out).begin();
        t.i32(1, 1);
        t.list(2, Thrift.STRUCT, columns.size() + 1);
        t.begin().string(4, "schema").i32(5, columns.size()).end();
        for (Column c : columns) {
            t.begin().i32(1, c.type().physical).i32(3, c.optional() ? OPTIONAL : REQUIRED).string(4, c.name());
            if (c.type() == ColumnType.STRING) {
                t.i32(6, UTF8);
                t.struct(10).struct(1).end().end(); // LogicalType: STRING
            }
            t.end();
        }
        t.i64(3, rows);
        t.list(4, Thrift.STRUCT, groups.size());
        for (RowGroup g : groups) {
            t.begin();
            t.list(1, Thrift.STRUCT, g.chunks().size());
            for (Chunk c : g.chunks()) {
                t.begin().i64(2, c.start()).struct(3);
                t.i32(1, c.column().type().physical);
                t.list(2, Thrift.I32, c.encodings().size());
                for (int e : c.encodings()) {
                    t.elementI32(e);
                }
                t.list(3, Thrift.BINARY, 1).elementString(c.column().name());
                t.i32(4, codec.thrift).i64(5, c.values()).i64(6, c.uncompressed()).i64(7, c.compressed())
                        .i64(9, c.dataOffset());
                if (c.dictOffset() >= 0) {
                    t.i64(11, c.dictOffset());
                }
                t.end().end();
            }
            t.i64(2, g.uncompressed()).i64(3, g.rows()).i64(5, g.start()).i64(6, g.compressed());
            t.end();
        }
        t.string(6, "paje");
        t.end();
    }
}
