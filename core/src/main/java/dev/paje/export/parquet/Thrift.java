package dev.paje.export.parquet;

import java.nio.charset.StandardCharsets;

/**
 * Thrift's compact protocol, the encoding of Parquet's page headers and footer, written by hand so
 * that the core needs no Thrift library: field headers with id deltas, zigzag varints, list headers.
 */
final class Thrift {
    static final int BOOL_TRUE = 1;
    static final int BOOL_FALSE = 2;
    static final int I32 = 5;
    static final int I64 = 6;
    static final int BINARY = 8;
    static final int LIST = 9;
    static final int STRUCT = 12;

    private final ByteSink out;
    private int[] lastIds = new int[8];
    private int depth;

    Thrift(ByteSink out) {
        this.out = out;
    }

    /** Starts a struct (top level, or an element of a list of structs). */
    Thrift begin() {
        if (depth + 1 == lastIds.length) {
            lastIds = java.util.Arrays.copyOf(lastIds, lastIds.length * 2);
        }
        lastIds[++depth] = 0;
        return this;
    }

    /** Ends the current struct with the stop byte. */
    Thrift end() {
        out.put(0);
        depth--;
        return this;
    }

    private void header(int id, int type) {
        int delta = id - lastIds[depth];
        if (delta > 0 && delta <= 15) {
            out.put(delta << 4 | type);
        } else {
            out.put(type);
            out.varint(zigzag(id));
        }
        lastIds[depth] = id;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    Thrift i32(int id, int v) {
        header(id, I32);
        out.varint(zigzag(v));
        return this;
    }

    Thrift i64(int id, long v) {
        header(id, I64);
        out.varint(zigzag(v));
        return this;
    }

    Thrift bool(int id, boolean v) {
        header(id, v ? BOOL_TRUE : BOOL_FALSE);
        return this;
    }

    Thrift string(int id, String s) {
        header(id, BINARY);
        elementString(s);
        return this;
    }

    /** A struct field: its fields follow, then {@link #end()}. */
    Thrift struct(int id) {
        header(id, STRUCT);
        return begin();
    }

    /** A list field of {@code size} elements of {@code elementType}; the elements follow. */
    Thrift list(int id, int elementType, int size) {
        header(id, LIST);
        if (size < 15) {
            out.put(size << 4 | elementType);
        } else {
            out.put(0xF0 | elementType);
            out.varint(size);
        }
        return this;
    }

    Thrift elementI32(int v) {
        out.varint(zigzag(v));
        return this;
    }

    Thrift elementString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.varint(b.length);
        out.put(b, 0, b.length);
        return this;
    }
}
