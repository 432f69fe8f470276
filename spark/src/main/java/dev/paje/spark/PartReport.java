package dev.paje.spark;

import java.io.Serializable;
import java.util.List;

/**
 * What a part's task tells the driver: where it met each user field, and the user fields of each
 * entity table's file it wrote ({@link TableFiles#ENTITIES} order; null: no rows, no file).
 */
record PartReport(int part, List<FieldSeen> seen, List<List<String>> written) implements Serializable {
    /** Field {@code name} of table {@code tag}, at position {@code index} of container {@code container}'s table of type {@code type}. */
    record FieldSeen(int tag, String name, int container, int type, int index) implements Serializable {
    }
}
