package dev.paje.spark;

import java.io.Serializable;

/** An entity line's key in the shuffle: its part (the partition) and its byte offset (the order within it). */
record PartOffset(int part, long offset) implements Serializable, Comparable<PartOffset> {
    @Override
    public int compareTo(PartOffset o) {
        return Long.compare(offset, o.offset);
    }
}
