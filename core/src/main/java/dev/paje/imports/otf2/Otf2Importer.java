package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import dev.paje.imports.Importer;
import dev.paje.imports.PajeText;
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

/**
 * OTF2 archives (Score-P, EZTrace 2...) as Pajé traces, read without the OTF2 library. Workers decode
 * the locations' event files in parallel, each into Pajé lines; this thread merges them by time into one
 * trace. Records of later OTF2 versions are skipped and counted in one warning.
 */
public final class Otf2Importer implements Importer {
    /** Bytes of Pajé text all locations' waiting batches may hold together, about. */
    private static final long MEMORY = 48L << 20;

    /** Archives of more locations than this have their event files closed between batches. */
    static final int OPEN_FILES = 256;

    private final int threads;
    private final Consumer<String> warnings;
    private final int openFiles;
    private final long memory;

    /** Decodes with one worker per core; warnings go to standard error. */
    public Otf2Importer() {
        this(Runtime.getRuntime().availableProcessors(), System.err::println);
    }

    public Otf2Importer(int threads, Consumer<String> warnings) {
        this(threads, warnings, OPEN_FILES, MEMORY);
    }

    /** {@code memory}: bytes of Pajé text the waiting batches may hold together (batches of 16 KB at least). */
    Otf2Importer(int threads, Consumer<String> warnings, int openFiles, long memory) {
        this.threads = Math.max(1, threads);
        this.warnings = warnings;
        this.openFiles = openFiles;
        this.memory = memory;
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
                streams.add(new LocationStream(new LocationDecoder(archive, layout, out, l), workers, budget,
                        locations.size() > openFiles));
            }
            streams.forEach(LocationStream::schedule);
            merge(streams, out);
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

    /** A location's current batch and line; its key is the line's time. */
    private static final class Head {
        final LocationStream stream;
        final int index;
        Batch batch;
        int line;

        Head(LocationStream stream, int index) {
            this.stream = stream;
            this.index = index;
        }

        double time() {
            return batch.times[line];
        }
    }

    /**
     * A k-way merge of the locations' lines by time (ties by location, so the output never depends on the
     * workers' timing): a binary heap of heads whose top is replaced in place after each run of lines, one
     * sift per run instead of a removal and an insertion.
     */
    private static void merge(List<LocationStream> streams, PajeText out)
            throws ImportException, IOException, InterruptedException {
        Head[] heap = new Head[streams.size()];
        int n = 0;
        for (int i = 0; i < streams.size(); i++) {
            Head h = new Head(streams.get(i), i);
            h.batch = h.stream.take();
            if (h.batch != null) {
                heap[n++] = h;
            }
        }
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(heap, n, i);
        }
        while (n > 0) {
            Head h = heap[0];
            Head next = n == 1 ? null : n == 2 || before(heap[1], heap[2]) ? heap[1] : heap[2];
            Batch b = h.batch;
            int from = h.line;
            int to = from + 1; // the top's line comes first
            if (next == null) {
                to = b.lines;
            } else {
                double limit = next.time();
                boolean first = h.index < next.index;
                while (to < b.lines && (b.times[to] < limit || b.times[to] == limit && first)) {
                    to++;
                }
            }
            out.append(b.text, b.start(from), b.ends[to - 1] - b.start(from), to - from);
            h.line = to;
            if (h.line == b.lines) {
                h.batch = h.stream.take();
                h.line = 0;
                if (h.batch == null) {
                    h.stream.decoder().close();
                    heap[0] = heap[--n];
                    heap[n] = null;
                }
            }
            siftDown(heap, n, 0);
        }
    }

    private static boolean before(Head a, Head b) {
        double x = a.time();
        double y = b.time();
        return x < y || x == y && a.index < b.index;
    }

    private static void siftDown(Head[] heap, int n, int i) {
        Head h = heap[i];
        if (h == null) {
            return;
        }
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && before(heap[c + 1], heap[c])) {
                c++;
            }
            if (!before(heap[c], h)) {
                break;
            }
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = h;
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
            try (LocationDecoder d = new LocationDecoder(archive, layout, dummy, l)) {
                d.skipAll();
                counts.put(l.id(), d.events());
            }
        }
        return counts;
    }
}
