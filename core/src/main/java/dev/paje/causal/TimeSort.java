package dev.paje.causal;

import dev.paje.read.EventDefinition;
import dev.paje.read.EventKind;
import dev.paje.read.Field;
import dev.paje.read.Line;
import dev.paje.read.LineStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Copies a trace with its timed lines in time order, as a Pajé trace is meant to be, once shifted
 * clocks have moved some lines before others: definitions and comments first, in their order, then
 * the timed lines by time, equal times in their order (unless a container would be created before
 * its parent). Holds 20 bytes per line (offset, length, time) and reads each line again from the file.
 */
public final class TimeSort {
    private long[] offsets = new long[1 << 12];
    private int[] lengths = new int[1 << 12];
    private double[] keys = new double[1 << 12];
    private int size;
    private long offset;
    private final LineStream stream;
    private final Map<String, Double> created = new HashMap<>();
    private boolean unsortable;

    private TimeSort(boolean legacyNames) {
        this.stream = new LineStream(legacyNames);
    }

    /**
     * Writes {@code trace} to {@code out} in time order ({@code legacyNames} as it was read with);
     * false when a container is created before its parent: then the lines are copied in file order.
     */
    public static boolean sort(Path trace, OutputStream out, boolean legacyNames) throws IOException {
        TimeSort s = new TimeSort(legacyNames);
        try (InputStream in = Files.newInputStream(trace)) {
            TextLines.each(in, s::index);
        }
        s.write(trace, out);
        return !s.unsortable;
    }

    private void index(byte[] buf, int from, int to, int next, long number) {
        EventDefinition def = stream.next(buf, from, to, number);
        double key = Double.NEGATIVE_INFINITY;
        if (def != null && def.kind().timed()) {
            Line line = stream.line();
            key = line.number(1 + def.position(Field.TIME));
            if (def.kind() == EventKind.CREATE_CONTAINER) {
                // created before its parent (another clock moved it later): no time order keeps the tree
                unsortable |= key < created.getOrDefault(text(line, def, Field.CONTAINER), key);
                created.put(text(line, def, Field.NAME), key);
                if (def.position(Field.ALIAS) >= 0) {
                    created.put(text(line, def, Field.ALIAS), key);
                }
            }
        }
        if (size == keys.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
            lengths = Arrays.copyOf(lengths, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
        }
        offsets[size] = offset;
        lengths[size] = next - from;
        keys[size++] = key;
        offset += next - from;
    }

    private static String text(Line line, EventDefinition def, Field field) {
        int t = 1 + def.position(field);
        return new String(line.buffer(), line.start(t), line.end(t) - line.start(t), StandardCharsets.ISO_8859_1);
    }

    private void write(Path trace, OutputStream out) throws IOException {
        int[] order = new int[size];
        Arrays.setAll(order, i -> i);
        order = unsortable ? order : StableSort.byKey(order, keys);
        int longest = 0;
        for (int i = 0; i < size; i++) {
            longest = Math.max(longest, lengths[i]);
        }
        ByteBuffer b = ByteBuffer.allocate(longest);
        try (FileChannel ch = FileChannel.open(trace, StandardOpenOption.READ)) {
            for (int i : order) {
                b.clear().limit(lengths[i]);
                while (b.hasRemaining() && ch.read(b, offsets[i] + b.position()) >= 0) {
                    // positional reads until the line is whole
                }
                out.write(b.array(), 0, b.position());
                if (b.position() == 0 || b.array()[b.position() - 1] != '\n') {
                    out.write('\n'); // the last line had none: it may not be last any more
                }
            }
        }
    }
}
