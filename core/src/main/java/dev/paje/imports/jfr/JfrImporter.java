package dev.paje.imports.jfr;

import dev.paje.imports.ImportException;
import dev.paje.imports.Importer;
import dev.paje.imports.PajeText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordingFile;

/**
 * JDK Flight Recorder recordings ({@code .jfr}) as Pajé traces, read with the JDK's own
 * {@code jdk.jfr.consumer}. One chunk at a time: its events become facts ({@link JfrMapping}), sorted
 * by time and written by the {@link Timeline}, so memory is bounded by the largest chunk.
 */
public final class JfrImporter implements Importer {
    @Override
    public String format() {
        return "JFR";
    }

    /** The JFR magic, or a {@code .jfr} name (so that a damaged recording gets a JFR error, not a Pajé one). */
    @Override
    public boolean accepts(Path file, byte[] head) {
        Path name = file.getFileName();
        return JfrChunks.magic(head) || name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".jfr");
    }

    /**
     * Chunk by chunk. A chunk holds the events that ended in it, so the next chunk may hold events that began
     * earlier: what a chunk says is written only up to the earliest start in the next one (the rest waits and is
     * merged with it), and only what began before everything written is moved (see {@link Timeline}).
     */
    @Override
    public void convert(Path file, PajeText out) throws ImportException, IOException {
        List<JfrChunks.Chunk> chunks = JfrChunks.of(file);
        JvmTypes types = new JvmTypes(out);
        JfrMapping mapping = new JfrMapping(types, chunks.get(0));
        Timeline timeline = new Timeline(out);
        List<Fact> waiting = new ArrayList<>();
        for (JfrChunks.Chunk chunk : chunks) {
            read(file, chunks, chunk, mapping);
            List<Fact> facts = mapping.drain();
            if (chunk.index() == 0) {
                mapping.jvm.name = mapping.jvmName();
                timeline.create(mapping.gc, 0);
                timeline.create(mapping.jit, 0);
            }
            double horizon = Double.POSITIVE_INFINITY;
            for (Fact f : facts) {
                if (f.start >= timeline.now()) {
                    horizon = Math.min(horizon, f.start);
                }
            }
            waiting.addAll(facts);
            waiting.sort(Fact.ORDER);
            int i = 0;
            while (i < waiting.size() && waiting.get(i).start < horizon) {
                timeline.write(waiting.get(i++));
            }
            waiting = new ArrayList<>(waiting.subList(i, waiting.size()));
        }
        for (Fact f : waiting) {
            timeline.write(f);
        }
        timeline.finish();
        String corrections = timeline.corrections();
        if (corrections != null) { // said in the trace itself, never silently
            timeline.write(Fact.event(timeline.now(), mapping.jvm, JvmTypes.IMPORT_NOTE, "Corrections", types.vmEvent,
                    corrections, "-"));
        }
    }

    /**
     * Feeds one chunk's events to the mapping. What the JDK's parser throws is a damaged chunk, an error at its
     * offset; what the mapping throws is a bug of ours, and propagates.
     */
    private static void read(Path file, List<JfrChunks.Chunk> chunks, JfrChunks.Chunk chunk, JfrMapping mapping)
            throws ImportException, IOException {
        Path opened = JfrChunks.open(file, chunks, chunk);
        try (RecordingFile recording = parse(file, chunks, chunk, () -> new RecordingFile(opened))) {
            mapping.chunk(parse(file, chunks, chunk, () -> executionSampleId(recording)));
            while (parse(file, chunks, chunk, recording::hasMoreEvents)) {
                mapping.accept(parse(file, chunks, chunk, recording::readEvent));
            }
        } finally {
            JfrChunks.close(file, opened);
        }
    }

    /** A step of the JDK's parser. */
    private interface Step<T> {
        T run() throws IOException;
    }

    private static <T> T parse(Path file, List<JfrChunks.Chunk> chunks, JfrChunks.Chunk chunk, Step<T> step)
            throws ImportException {
        try {
            return step.run();
        } catch (IOException | RuntimeException | InternalError e) {
            String m = e.getMessage();
            throw new ImportException(file.toString(), chunk.offset(), "cannot read chunk " + (chunk.index() + 1)
                    + " of " + chunks.size() + " (" + chunk.size() + " bytes): " + e.getClass().getSimpleName()
                    + (m == null || m.isBlank() ? "" : ": " + m));
        }
    }

    private static long executionSampleId(RecordingFile recording) throws IOException {
        for (EventType t : recording.readEventTypes()) {
            if (t.getName().equals(JfrKind.EXECUTION_SAMPLE.jfrName)) {
                return t.getId();
            }
        }
        return -1;
    }
}
