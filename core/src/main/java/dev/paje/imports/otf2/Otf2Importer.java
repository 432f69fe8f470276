package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import dev.paje.imports.Importer;
import dev.paje.imports.PajeText;
import dev.paje.read.EntitySource;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * OTF2 archives (Score-P, EZTrace 2...) as Pajé traces, read without the OTF2 library. Workers decode
 * the locations' event files in parallel, each into Pajé lines (for {@code convert}) or events as values
 * (for the reader: {@link #source}); this thread merges them by time into one trace. Records of later OTF2
 * versions are skipped and counted in one warning.
 */
public final class Otf2Importer implements Importer {
    /** Bytes of lines (Pajé text or events) all locations' waiting batches may hold together, about. */
    private static final long MEMORY = 48L << 20;

    /** Archives of more locations than this have their event files closed between batches. */
    static final int OPEN_FILES = 256;

    private final int threads;
    private final Consumer<String> warnings;
    private final int openFiles;
    private final long memory;
    private final int windowEvents;
    /** For tests: windows fed location by location, and the problems they reported (sorted into line order). */
    final java.util.concurrent.atomic.AtomicLong windowsGrouped = new java.util.concurrent.atomic.AtomicLong();
    final java.util.concurrent.atomic.AtomicLong problemsDeferred = new java.util.concurrent.atomic.AtomicLong();

    /** Decodes with one worker per core; warnings go to standard error. */
    public Otf2Importer() {
        this(Runtime.getRuntime().availableProcessors(), System.err::println);
    }

    public Otf2Importer(int threads, Consumer<String> warnings) {
        this(threads, warnings, OPEN_FILES, MEMORY);
    }

    /** {@code memory}: bytes of Pajé text the waiting batches may hold together (batches of 16 KB at least). */
    Otf2Importer(int threads, Consumer<String> warnings, int openFiles, long memory) {
        this(threads, warnings, openFiles, memory, Windows.EVENTS);
    }

    /** {@code windowEvents}: lines per window of the merged events (see {@link Windows}). */
    Otf2Importer(int threads, Consumer<String> warnings, int openFiles, long memory, int windowEvents) {
        this.threads = Math.max(1, threads);
        this.warnings = warnings;
        this.openFiles = openFiles;
        this.memory = memory;
        this.windowEvents = windowEvents;
    }

    int windowEvents() {
        return windowEvents;
    }

    @Override
    public String format() {
        return "OTF2";
    }

    @Override
    public boolean accepts(Path file, byte[] head) {
        return Anchor.magic(head);
    }

    @Override
    public String identity(Path file) throws IOException {
        return Otf2Archive.identity(file);
    }

    @Override
    public void convert(Path file, PajeText out) throws ImportException, IOException {
        Otf2Archive archive = Otf2Archive.open(file);
        PajeLayout layout = new PajeLayout(archive.defs());
        layout.shapes(out);
        layout.write(out);
        decode(file, archive, layout, () -> new TextOut(out), (head, batch, from, to) -> {
            TextBatch b = (TextBatch) batch;
            out.append(b.text, b.start(from), b.ends[to - 1] - b.start(from), to - from);
        });
    }

    @Override
    public EntitySource source(Path file) {
        return new Otf2Source(this, file);
    }

    /**
     * Decodes every location of {@code archive} in the workers, each into batches from its own {@code outs}, and
     * merges their lines by time into {@code runs} on this thread.
     */
    void decode(Path file, Otf2Archive archive, PajeLayout layout, Supplier<LocationOut> outs, Merge.Runs runs)
            throws ImportException, IOException {
        List<GlobalDefs.Location> locations = new ArrayList<>(archive.defs().locations.values());
        int budget = (int) Math.max(16 << 10, Math.min(1 << 20, memory / (LocationStream.AHEAD + 1) / locations.size()));
        ExecutorService workers = Executors.newFixedThreadPool(Math.min(threads, locations.size()), r -> {
            Thread t = new Thread(r, "paje-otf2-decoder");
            t.setDaemon(true);
            return t;
        });
        List<LocationStream> streams = new ArrayList<>();
        try {
            for (GlobalDefs.Location l : locations) {
                streams.add(new LocationStream(new LocationDecoder(archive, layout, outs.get(), l), workers, budget,
                        locations.size() > openFiles));
            }
            streams.forEach(LocationStream::schedule);
            Merge.merge(streams, runs);
            warnUnknown(streams);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + file);
        } finally {
            streams.forEach(LocationStream::cancel);
            workers.shutdownNow();
            try {
                workers.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (LocationStream s : streams) {
                s.decoder().close();
            }
        }
    }

    private void warnUnknown(List<LocationStream> streams) {
        for (LocationStream s : streams) {
            LocationDecoder d = s.decoder();
            if (d.unknown() > 0) {
                warnings.accept(d.file() + ": skipped " + d.unknown() + " records of types this reader does not know"
                        + " (the first: " + d.firstUnknown() + "), as OTF2 allows");
            }
        }
    }

    /**
     * Events per location, as {@code otf2-print} counts them (every event record, without the buffer's
     * timestamp and attribute-list records and without records of unknown types): for checking the reader.
     */
    public static Map<Long, Long> countEvents(Path anchor) throws IOException, ImportException {
        Otf2Archive archive = Otf2Archive.open(anchor);
        PajeLayout layout = new PajeLayout(archive.defs());
        PajeText dummy = new PajeText(OutputStream.nullOutputStream());
        layout.shapes(dummy);
        Map<Long, Long> counts = new LinkedHashMap<>();
        for (GlobalDefs.Location l : archive.defs().locations.values()) {
            try (LocationDecoder d = new LocationDecoder(archive, layout, new TextOut(dummy), l)) {
                d.skipAll();
                counts.put(l.id(), d.events());
            }
        }
        return counts;
    }
}
