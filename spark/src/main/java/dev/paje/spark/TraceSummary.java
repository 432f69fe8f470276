package dev.paje.spark;

import dev.paje.read.EventKind;
import dev.paje.read.Field;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the driver needs of the whole trace, gathered in one pass by every partition and merged:
 * the structure lines (definitions, containers: small, bounded by the trace's structure), the last
 * time (the trace's end), the first line using each value (values used without being declared are
 * numbered in order of first use), and the number of entity lines per container (to balance parts).
 */
final class TraceSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Structure lines by byte offset. */
    final TreeMap<Long, byte[]> structure = new TreeMap<>();
    /** Per "type\0value" of an entity line: its first line's offset and bytes. */
    final Map<String, Long> firstUseOffset = new HashMap<>();
    final Map<String, byte[]> firstUseLine = new HashMap<>();
    /** Entity lines per container name or alias, as written in the lines. */
    final Map<String, Long> linesPerContainer = new HashMap<>();
    double end = Double.NEGATIVE_INFINITY;
    long lines;

    /** Adds the line just read by {@code kinds}. */
    void add(LineKinds kinds, long offset, byte[] bytes) {
        lines++;
        double t = kinds.time();
        if (t > end) {
            end = t;
        }
        EventKind kind = kinds.kind();
        if (!kind.entity()) {
            structure.put(offset, bytes);
            return;
        }
        linesPerContainer.merge(kinds.text(Field.CONTAINER), 1L, Long::sum);
        String value = kinds.text(Field.VALUE);
        if (value != null && kind != EventKind.SET_VARIABLE && kind != EventKind.ADD_VARIABLE
                && kind != EventKind.SUB_VARIABLE) {
            String key = kinds.text(Field.TYPE) + '\0' + value;
            Long seen = firstUseOffset.get(key);
            if (seen == null || offset < seen) {
                firstUseOffset.put(key, offset);
                firstUseLine.put(key, bytes);
            }
        }
    }

    TraceSummary merge(TraceSummary other) {
        structure.putAll(other.structure);
        other.firstUseOffset.forEach((key, offset) -> {
            Long seen = firstUseOffset.get(key);
            if (seen == null || offset < seen) {
                firstUseOffset.put(key, offset);
                firstUseLine.put(key, other.firstUseLine.get(key));
            }
        });
        other.linesPerContainer.forEach((c, n) -> linesPerContainer.merge(c, n, Long::sum));
        end = Math.max(end, other.end);
        lines += other.lines;
        return this;
    }

    /** The first-use lines by offset. */
    TreeMap<Long, byte[]> firstUses() {
        TreeMap<Long, byte[]> out = new TreeMap<>();
        firstUseOffset.forEach((key, offset) -> out.put(offset, firstUseLine.get(key)));
        return out;
    }

    static List<byte[]> values(TreeMap<Long, byte[]> lines) {
        return new ArrayList<>(lines.values());
    }
}
