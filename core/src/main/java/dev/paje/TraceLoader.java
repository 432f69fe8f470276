package dev.paje;

import dev.paje.read.Diagnostics;
import dev.paje.store.Names;
import dev.paje.read.Problem;
import dev.paje.read.Progress;
import dev.paje.read.ReadOptions;
import dev.paje.read.TraceException;
import dev.paje.read.TraceReader;
import dev.paje.sim.SimOptions;
import dev.paje.sim.Simulator;
import dev.paje.store.Trace;
import dev.paje.store.TraceCache;
import java.nio.file.Files;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
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

    private TraceLoader(ReadOptions read, SimOptions sim, int threads, Progress progress, CachePolicy cache) {
        this.cache = cache;
        this.read = read;
        this.sim = sim;
        this.threads = threads;
        this.progress = progress;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads and simulates {@code file}; problems are in the result, never thrown. A valid cache
     * (see {@link CachePolicy}) is opened instead when there is one, and written after a clean read.
     */
    public Loaded load(Path file) throws IOException {
        long size = Files.size(file);
        boolean cached = cache.enabled() && size >= cache.minBytes();
        Path cacheFile = null;
        String key = null;
        if (cached) {
            cacheFile = cache.fileFor(file, read.legacyNames() + "|" + sim);
            key = cacheKey(file, size);
            try {
                TraceCache.Cached hit = TraceCache.read(cacheFile, key);
                if (hit != null) {
                    return new Loaded(hit.trace(), List.of(), List.of(), true, 0, hit.lines(), hit.events(), true);
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable cache is as good as none: read the trace
            }
        }
        Loaded loaded = run(file.toString(), reader -> reader.read(file));
        if (cached && loaded.valid() && loaded.warnings().isEmpty()) {
            try {
                TraceCache.write(loaded.trace(), cacheFile, key, loaded.lines(), loaded.events());
            } catch (IOException e) {
                List<Problem> warnings = List.of(new Problem(file.toString(), 0,
                        "could not write the cache " + cacheFile + ": " + e.getMessage(), null));
                return new Loaded(loaded.trace(), loaded.problems(), warnings, true, 0, loaded.lines(),
                        loaded.events(), false);
            }
        }
        return loaded;
    }

    /** What a cache must match: the trace file as it is now, and every option that shapes the store. */
    private String cacheKey(Path file, long size) throws IOException {
        return "paje-cache-1|" + file.toAbsolutePath().normalize() + "|" + size + "|"
                + Files.getLastModifiedTime(file).toMillis() + "|" + read.legacyNames() + "|" + sim;
    }

    /** Reads and simulates a stream (stdin); {@code PajeTraceFile} names resolve against {@code baseDir}. */
    public Loaded load(InputStream in, String name, Path baseDir) throws IOException {
        return run(name, reader -> reader.read(in, name, baseDir));
    }

    private interface ReadStep {
        void run(TraceReader reader) throws IOException;
    }

    private Loaded run(String name, ReadStep step) throws IOException {
        Diagnostics diagnostics = new Diagnostics(read.failFast(), read.maxProblems());
        Names names = new Names();
        Simulator simulator = new Simulator(sim, diagnostics, names);
        simulator.file(name);
        TraceReader reader = new TraceReader(read, simulator, diagnostics, names, threads, progress);
        Trace trace = null;
        boolean complete = true;
        try {
            step.run(reader);
            trace = simulator.trace();
        } catch (TraceException e) {
            complete = false;
        }
        return new Loaded(trace, diagnostics.problems(), diagnostics.warnings(), complete,
                diagnostics.total(), reader.lines(), reader.events(), false);
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
     */
    public record Loaded(Trace trace, List<Problem> problems, List<Problem> warnings, boolean complete,
            long problemLines, long lines, long events, boolean fromCache) {

        public boolean valid() {
            return complete && problems.isEmpty();
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
        private boolean singlePrecisionVariables;
        private int threads = Runtime.getRuntime().availableProcessors();
        private int chunkSize = ReadOptions.DEFAULT_CHUNK;

        /** Bytes per chunk of parallel reading; for tests that force chunk boundaries everywhere. */
        public Builder chunkSize(int bytes) {
            this.chunkSize = bytes;
            return this;
        }
        private Progress progress = Progress.NONE;
        private CachePolicy cache = CachePolicy.off();

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

        /** Round variable values to single precision before summing them, exactly as PajeNG does. */
        public Builder singlePrecisionVariables(boolean on) {
            this.singlePrecisionVariables = on;
            return this;
        }

        public TraceLoader build() {
            return new TraceLoader(new ReadOptions(legacyNames, failFast, maxProblems, followTraceFiles, chunkSize),
                    new SimOptions(ignoreIncompleteLinks, stopAt, singlePrecisionVariables), threads, progress, cache);
        }
    }
}
