package dev.paje;

import dev.paje.imports.ImportStream;
import dev.paje.imports.Importer;
import dev.paje.imports.Importers;
import dev.paje.read.Diagnostics;
import dev.paje.read.EntitySource;
import dev.paje.store.Names;
import dev.paje.read.Problem;
import dev.paje.read.Progress;
import dev.paje.read.ReadOptions;
import dev.paje.read.RunSummary;
import dev.paje.read.TraceException;
import dev.paje.read.TraceReader;
import dev.paje.sim.SimOptions;
import dev.paje.sim.Simulator;
import dev.paje.store.Trace;
import dev.paje.store.Store;
import dev.paje.store.StoreFile;
import dev.paje.store.StoreMeta;
import dev.paje.store.SummaryBuild;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The library's entry point: reads and simulates a Pajé trace into a queryable {@link Trace}.
 *
 * <pre>{@code
 * Loaded loaded = TraceLoader.builder().legacyNames(true).build().load(Path.of("app.trace"));
 * }</pre>
 */
public final class TraceLoader {
    private final ReadOptions read;
    private final SimOptions sim;
    private final int threads;
    private final Progress progress;
    private final CachePolicy cache;
    private final boolean verifyCache;
    private final boolean summaries;
    private final boolean keepEntities;
    private final List<Importer> importers;
    /** Check a trace whose entities nobody keeps with runs summarized by the tokenizer threads ({@link RunSummary}). */
    private final boolean summarizeRuns;
    /** Summaries of the first screen first, the rest after the load returns (null: all before). */
    private final FirstScreen firstScreen;

    /**
     * A progressive seal ({@link Builder#summariesFirst}): the tables of containers {@code 0..containers} summarized
     * before the load returns, the others after; with {@code hold}, those wait for it (tests).
     */
    private record FirstScreen(int containers, java.util.concurrent.CountDownLatch hold) {
    }

    private TraceLoader(ReadOptions read, SimOptions sim, int threads, Progress progress, CachePolicy cache,
            boolean verifyCache, boolean summaries, boolean keepEntities, List<Importer> importers,
            FirstScreen firstScreen, boolean summarizeRuns) {
        this.firstScreen = firstScreen;
        this.summarizeRuns = summarizeRuns;
        this.summaries = summaries;
        this.keepEntities = keepEntities;
        this.importers = importers;
        this.cache = cache;
        this.verifyCache = verifyCache;
        this.read = read;
        this.sim = sim;
        this.threads = threads;
        this.progress = progress;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads and simulates {@code file}; problems are in the result, never thrown. The entities go
     * to a store on disk as they are simulated: the cache file when the trace is cached (see
     * {@link CachePolicy}; a valid cache is opened instead of reading the trace), otherwise a
     * temporary file that is gone when the process ends.
     *
     * @throws IOException when the trace cannot be read or no store can be written
     */
    public Loaded load(Path file) throws IOException {
        long size = Files.size(file);
        Importer importer = Importers.detect(file, importers);
        List<String> notices = new ArrayList<>();
        Path cacheFile = null;
        String key = null;
        if (cache.enabled() && size >= cache.minBytes()) {
            try {
                cacheFile = cache.fileFor(file, read.legacyNames() + "|" + sim + (summaries ? "|summaries" : ""));
                key = "paje-store|" + SourceIdentity.of(file) + "|" + read.legacyNames() + "|" + sim + "|" + summaries
                        + (importer == null ? "" : "|" + importer.format() + "|" + importer.identity(file));
            } catch (IOException e) {
                notices.add("cannot use a cache for " + file + " (" + e.getMessage() + "): reading without one");
                cacheFile = null;
            }
        }
        if (cacheFile != null && Files.exists(cacheFile)) {
            try {
                StoreMeta.Opened hit = StoreMeta.open(cacheFile, key, verifyCache);
                return new Loaded(hit.trace(), List.of(), List.of(), true, 0, hit.lines(), hit.events(), true,
                        List.copyOf(notices));
            } catch (StoreMeta.Rejected e) {
                if (e.damaged()) {
                    notices.add("the cache " + cacheFile + " is damaged (" + e.getMessage() + "): rebuilding it");
                }
            } catch (IOException e) {
                notices.add("cannot read the cache " + cacheFile + " (" + e.getMessage() + "): rebuilding it");
            }
        }
        Path tmp = null;
        StoreFile store = null;
        if (cacheFile != null) {
            tmp = cacheFile.resolveSibling(cacheFile.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(System.nanoTime()));
            try {
                store = StoreFile.create(tmp, true);
            } catch (IOException e) {
                notices.add("cannot write a cache next to " + cacheFile + " (" + e.getMessage() + "): reading without one");
                tmp = null;
            }
        }
        if (store == null && keepEntities) {
            store = temporaryStore();
        } // else no cache is written and nobody reads the entities: the store drops them (no file)
        Loaded loaded = null;
        try {
            if (store == null && importer == null && summarizable()) {
                loaded = run(file.toString(), reader -> reader.summarizing().read(file), null, key, true);
            }
            EntitySource direct = importer == null ? null : importer.source(file);
            loaded = loaded != null ? loaded
                    : importer == null ? run(file.toString(), reader -> reader.read(file), store, key)
                    : direct != null ? run(file.toString(), reader -> reader.read(direct, file.toString(),
                            file.toAbsolutePath().getParent()), store, key)
                    : run(file.toString(), reader -> {
                        try (ImportStream text = new ImportStream(importer, file)) {
                            reader.read(text, file.toString(), file.toAbsolutePath().getParent());
                        }
                    }, store, key);
        } catch (IOException | RuntimeException | Error e) {
            discard(store, tmp);
            throw e;
        }
        SummaryBuild building = loaded.trace() == null ? null : loaded.trace().summaryBuild();
        if (tmp != null && building != null) { // renamed once sealed: a store cut short is never taken for a cache
            Path from = tmp;
            Path to = cacheFile;
            StoreFile written = store;
            if (loaded.valid() && loaded.warnings().isEmpty()) {
                building.whenSealed().whenComplete((ok, failed) -> finishCache(from, to, written, failed == null));
            } else {
                Files.deleteIfExists(tmp); // the trace goes on reading it: the file lives while open
            }
        } else if (tmp != null) {
            if (loaded.valid() && loaded.warnings().isEmpty()) {
                try {
                    Files.move(tmp, cacheFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    store.moved(cacheFile);
                } catch (IOException e) {
                    notices.add("could not write the cache " + cacheFile + ": " + e.getMessage());
                    Files.deleteIfExists(tmp);
                }
            } else {
                Files.deleteIfExists(tmp); // the trace goes on reading it: the file lives while open
            }
        }
        return notices.isEmpty() ? loaded : loaded.withNotices(notices);
    }

    /**
     * After a progressive seal: the finished cache moved into place, or a store whose build failed deleted (a
     * rename that fails leaves the temporary name, never read; the viewer keeps reading the open file).
     */
    private static void finishCache(Path tmp, Path cacheFile, StoreFile store, boolean sealed) {
        try {
            if (sealed) {
                Files.move(tmp, cacheFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                store.moved(cacheFile);
            } else {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException again) {
                // nothing more to do: a temporary name is never read
            }
        }
    }

    /** A store file in the cache folder or else the temporary folder, unlinked at once. */
    private StoreFile temporaryStore() throws IOException {
        IOException failure = null;
        for (Path dir : new Path[] {cache.temporaryDir(), CachePolicy.off().temporaryDir()}) {
            try {
                Files.createDirectories(dir);
                return StoreFile.create(dir.resolve("paje-store-" + ProcessHandle.current().pid() + "-"
                        + Long.toHexString(System.nanoTime()) + ".tmp"), false);
            } catch (IOException e) {
                failure = new IOException("cannot write the trace's store in " + dir + " (" + e.getMessage()
                        + "): set TMPDIR or --cache-dir to a writable folder with space", e);
            }
        }
        throw failure;
    }

    private static void discard(StoreFile store, Path tmp) {
        try {
            closeIfAny(store);
            if (tmp != null) {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            // already failing
        }
    }

    /** Reads and simulates a stream (stdin); {@code PajeTraceFile} names resolve against {@code baseDir}. */
    public Loaded load(InputStream in, String name, Path baseDir) throws IOException {
        StoreFile store = keepEntities ? temporaryStore() : null;
        try {
            return run(name, reader -> reader.read(in, name, baseDir), store, "stream");
        } catch (IOException | RuntimeException | Error e) {
            discard(store, null);
            throw e;
        }
    }

    private interface ReadStep {
        void run(TraceReader reader) throws IOException;
    }

    /**
     * Whether a check may summarize runs ({@link RunSummary}): several threads, and simulation options the
     * summaries carry (states nested, full-precision variables, no stop time).
     */
    private boolean summarizable() {
        return summarizeRuns && threads > 1 && !sim.noImbrication() && !sim.singlePrecisionVariables()
                && sim.stopAt() == Double.POSITIVE_INFINITY && sim.endAtLeast() == Double.NEGATIVE_INFINITY;
    }

    /** Reads and simulates into {@code file}, or with a store that drops the entities when it is null. */
    private Loaded run(String name, ReadStep step, StoreFile file, String key) throws IOException {
        return run(name, step, file, key, false);
    }

    /**
     * {@link #run}; with {@code summarized}, null when the summarized runs could not be applied exactly or the trace
     * has a problem or a warning: the caller reads it again event by event, which reports exactly what it always did.
     */
    private Loaded run(String name, ReadStep step, StoreFile file, String key, boolean summarized) throws IOException {
        Diagnostics diagnostics = new Diagnostics(read.failFast(), read.maxProblems());
        Names names = new Names();
        Store store = file == null ? Store.dropping() : new Store(file, summaries, threads);
        if (firstScreen != null) {
            store.firstScreen(firstScreen.containers()); // its variables' coarse levels from the load
        }
        Simulator simulator = new Simulator(sim, diagnostics, names, store);
        simulator.file(name);
        TraceReader reader = new TraceReader(read, simulator, diagnostics, names, threads, progress);
        Trace trace = null;
        boolean complete = true;
        try {
            step.run(reader);
            trace = simulator.trace();
        } catch (RunSummary.Fallback e) {
            if (summarized) {
                return null;
            }
            throw e;
        } catch (TraceException e) {
            if (summarized) {
                return null;
            }
            complete = false;
        } catch (ImportStream.Failure e) {
            closeIfAny(file); // the input is not a valid trace of its format: one problem, nothing simulated
            return new Loaded(null, List.of(new Problem(e.problem().file(), 0, e.problem().detail(), null)), List.of(), false, 1, reader.lines(),
                    reader.events(), false, List.of());
        } catch (UncheckedIOException e) {
            throw new IOException("cannot write the trace's store " + file + ": " + e.getCause().getMessage(),
                    e.getCause());
        }
        if (summarized && (!diagnostics.problems().isEmpty() || !diagnostics.warnings().isEmpty())) {
            return null;
        }
        if (trace != null && file != null) {
            try {
                String k = key == null ? "temporary" : key;
                if (firstScreen == null) {
                    store.seal(trace, k, reader.lines(), reader.events());
                } else {
                    store.sealProgressively(trace, k, reader.lines(), reader.events(), firstScreen.containers(),
                            firstScreen.hold());
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        } else if (trace == null) {
            closeIfAny(file);
        }
        return new Loaded(trace, diagnostics.problems(), diagnostics.warnings(), complete,
                diagnostics.total(), reader.lines(), reader.events(), false, List.of());
    }

    private static void closeIfAny(StoreFile file) throws IOException {
        if (file != null) {
            file.close();
        }
    }

    /**
     * The outcome of a load.
     *
     * @param trace the simulated trace, or null when reading stopped early
     * @param problems what is wrong, in file order (the first one only, in fail-fast mode)
     * @param warnings what is suspicious but allowed
     * @param complete false when reading stopped at a problem or at the problem limit
     * @param problemLines lines with a problem, repeats included
     * @param lines lines read
     * @param events event lines read
     * @param fromCache true when the trace was opened from its binary cache
     * @param notices what the user should know about the cache (damaged and rebuilt, not writable)
     */
    public record Loaded(Trace trace, List<Problem> problems, List<Problem> warnings, boolean complete,
            long problemLines, long lines, long events, boolean fromCache, List<String> notices) {

        public Loaded(Trace trace, List<Problem> problems, List<Problem> warnings, boolean complete,
                long problemLines, long lines, long events, boolean fromCache) {
            this(trace, problems, warnings, complete, problemLines, lines, events, fromCache, List.of());
        }

        public boolean valid() {
            return complete && problems.isEmpty();
        }

        Loaded withNotices(List<String> more) {
            List<String> all = new ArrayList<>(notices);
            all.addAll(more);
            return new Loaded(trace, problems, warnings, complete, problemLines, lines, events, fromCache,
                    List.copyOf(all));
        }
    }

    /** Options for a {@link TraceLoader}; every setter has the default of {@code pj_dump}. */
    public static final class Builder {
        private boolean legacyNames;
        private boolean failFast = true;
        private int maxProblems = 1;
        private boolean followTraceFiles = true;
        private boolean ignoreIncompleteLinks;
        private double stopAt = Double.POSITIVE_INFINITY;
        private double endAtLeast = Double.NEGATIVE_INFINITY;
        private boolean singlePrecisionVariables;
        private boolean noImbrication;
        private int threads = Runtime.getRuntime().availableProcessors();
        private int chunkSize = ReadOptions.chunkForHeap();

        /** Bytes per chunk of parallel reading; for tests that force chunk boundaries everywhere. */
        public Builder chunkSize(int bytes) {
            this.chunkSize = bytes;
            return this;
        }

        private boolean groupByContainer = true;
        private boolean summarizeRuns = true;

        /**
         * Check a trace whose entities are not kept ({@link #keepEntities}) with its runs of entity events summarized
         * by the tokenizer threads (the default), or event by event (tests compare both). The outcome is the same:
         * a trace with any problem is read again event by event, which reports them.
         */
        public Builder summarizeRuns(boolean on) {
            this.summarizeRuns = on;
            return this;
        }

        /** Simulate each chunk container by container (the default), or strictly in file order (tests compare both). */
        public Builder groupByContainer(boolean on) {
            this.groupByContainer = on;
            return this;
        }
        private Progress progress = Progress.NONE;
        private CachePolicy cache = CachePolicy.off();
        private boolean verifyCache = true;
        private boolean summaries;
        private boolean keepEntities = true;
        private List<Importer> importers = Importers.all();

        /**
         * Keep the entities (the default). Without, a load that writes no cache checks the trace and
         * counts its rows but keeps none (no store file is written): the trace's containers and types
         * are there, reading an entity table's rows fails. For {@code paje validate}. A load that
         * writes a cache keeps everything (the cache must be whole).
         */
        public Builder keepEntities(boolean on) {
            this.keepEntities = on;
            return this;
        }

        /** The formats besides Pajé this loader reads (default: {@link Importers#all()}); tests bring their own. */
        public Builder importers(List<Importer> list) {
            this.importers = List.copyOf(list);
            return this;
        }

        /**
         * Build the zoomed-out summaries of large state, variable and event tables when the store is sealed
         * (or while it is written, with {@code -Dpaje.summaries.live=true}: see {@code Store}) (default: no;
         * the viewer and the renderer want them: they make whole-trace windows cheap).
         */
        public Builder summaries(boolean on) {
            this.summaries = on;
            return this;
        }

        private FirstScreen firstScreen;

        /**
         * With {@link #summaries}: the load returns once the summaries of the tables of containers {@code 0..containers}
         * (by id: a first screen) are written; the others are built, and the store (a cache) sealed and renamed, in
         * the background ({@link Trace#summaryBuild()}), and a reader asking for a summary not written yet waits for
         * it, built next: answers are the same as after the whole seal (default: all before the load returns).
         */
        public Builder summariesFirst(int containers) {
            this.firstScreen = new FirstScreen(containers, firstScreen == null ? null : firstScreen.hold());
            return this;
        }

        /** For tests of {@link #summariesFirst}: the summaries beyond the first screen wait for {@code hold} (those asked for excepted). */
        public Builder summariesHeld(java.util.concurrent.CountDownLatch hold) {
            this.firstScreen = new FirstScreen(firstScreen == null ? 0 : firstScreen.containers(), hold);
            return this;
        }

        /**
         * Check every block of a cache against its checksum when opening it (default: yes). Without
         * it, opening reads only the metadata and a damaged block is found when it is read.
         */
        public Builder verifyCache(boolean on) {
            this.verifyCache = on;
            return this;
        }

        /** Whether and where to keep binary caches of loaded traces (default: off for the library). */
        public Builder cache(CachePolicy policy) {
            this.cache = policy;
            return this;
        }

        /** How many threads tokenize a file (default: one per core). */
        public Builder threads(int n) {
            this.threads = Math.max(1, n);
            return this;
        }

        /** Where to report how far the read has come (default: nowhere). */
        public Builder progress(Progress p) {
            this.progress = p == null ? Progress.NONE : p;
            return this;
        }

        /** Accept the 2003 field names ({@code pj_dump -n}). */
        public Builder legacyNames(boolean on) {
            this.legacyNames = on;
            return this;
        }

        /** Stop at the first problem (the default), or collect up to {@code max} problems. */
        public Builder collectProblems(int max) {
            this.failFast = false;
            this.maxProblems = max;
            return this;
        }

        /** Read the files named by {@code PajeTraceFile} events (default: yes). */
        public Builder followTraceFiles(boolean on) {
            this.followTraceFiles = on;
            return this;
        }

        /** Do not report links missing their start or end ({@code pj_dump -z}). */
        public Builder ignoreIncompleteLinks(boolean on) {
            this.ignoreIncompleteLinks = on;
            return this;
        }

        /** Stop the simulation at this time ({@code pj_dump -a}). */
        public Builder stopAt(double time) {
            this.stopAt = time;
            return this;
        }

        /** The trace ends no earlier than {@code time} (a part of a trace simulated alone ends with the whole). */
        public Builder endAtLeast(double time) {
            this.endAtLeast = time;
            return this;
        }

        /** Round variable values to single precision before summing them, exactly as PajeNG does. */
        public Builder singlePrecisionVariables(boolean on) {
            this.singlePrecisionVariables = on;
            return this;
        }

        /** PajeNG's no-imbrication mode ({@code pj_dump -i}): push and pop become sets (see {@link SimOptions}). */
        public Builder noImbrication(boolean on) {
            this.noImbrication = on;
            return this;
        }

        public TraceLoader build() {
            return new TraceLoader(new ReadOptions(legacyNames, failFast, maxProblems, followTraceFiles, chunkSize,
                    groupByContainer),
                    new SimOptions(ignoreIncompleteLinks, stopAt, singlePrecisionVariables, noImbrication, endAtLeast), threads, progress, cache, verifyCache, summaries,
                    keepEntities, importers, firstScreen, summarizeRuns);
        }
    }
}
