package dev.paje.spark;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import scala.Tuple2;

/**
 * The text of a part of a trace, simulated alone: the header, then the structure lines (definitions,
 * containers: all of them) merged by byte offset with the part's own lines, so every line keeps its
 * place relative to the containers it needs, exactly as in the whole file.
 */
final class MiniTrace {
    private MiniTrace() {
    }

    /**
     * A new file for a part, alone in a new directory: a PajeTraceFile line naming a file that is not
     * beside the trace must find nothing beside the part either.
     */
    static Path file(String part) throws IOException {
        return Files.createTempDirectory("paje-spark-").resolve(part + ".trace");
    }

    /** Removes a part's file and its directory. */
    static void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(file.getParent());
    }

    /** Writes the part to {@code file}; {@code lines} must come in offset order. */
    static void write(Path file, List<byte[]> header, NavigableMap<Long, byte[]> structure,
            Iterator<Tuple2<Long, byte[]>> lines) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (byte[] h : header) {
                line(out, h);
            }
            Iterator<Map.Entry<Long, byte[]>> s = structure.entrySet().iterator();
            Map.Entry<Long, byte[]> nextStructure = s.hasNext() ? s.next() : null;
            while (lines.hasNext()) {
                Tuple2<Long, byte[]> l = lines.next();
                while (nextStructure != null && nextStructure.getKey() < l._1()) {
                    line(out, nextStructure.getValue());
                    nextStructure = s.hasNext() ? s.next() : null;
                }
                line(out, l._2());
            }
            while (nextStructure != null) {
                line(out, nextStructure.getValue());
                nextStructure = s.hasNext() ? s.next() : null;
            }
        }
    }

    private static void line(OutputStream out, byte[] b) throws IOException {
        out.write(b);
        out.write('\n');
    }
}
