package dev.paje.cli;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.read.Progress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How to read a trace: the options every command that loads one shares (a picocli mixin). */
final class LoadOptions {
    @Option(names = {"-n", "--no-strict"}, description = "Accept the 2003 field names (ContainerType, EntityType, SourceContainer...).")
    boolean legacy;

    @Option(names = {"-z", "--ignore-incomplete-links"}, description = "Do not fail on links missing their start or end.")
    boolean ignoreIncompleteLinks;

    @Option(names = {"-j", "--threads"}, paramLabel = "N", description = "Threads that read the trace (default: one per core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--cache-dir", paramLabel = "DIR", description = {"Keep binary caches of traces of 64 MB and more in DIR",
        "(default: next to the trace, or ~/.cache/paje when that folder is read-only)."})
    Path cacheDir;

    @Option(names = "--no-cache", description = "Neither use nor write the binary cache (the store then goes to a temporary file).")
    boolean noCache;

    @Option(names = "--cache-min-size", paramLabel = "BYTES", description = "Cache traces of at least BYTES (default: 64 MB).")
    Long cacheMinSize;

    /** A loader builder with these options set. */
    TraceLoader.Builder builder() {
        return builder(Progress.NONE);
    }

    /** The same, also reporting the progress to {@code also} (the viewer's page). */
    TraceLoader.Builder builder(Progress also) {
        CachePolicy defaults = CachePolicy.defaults();
        CachePolicy cache = noCache ? CachePolicy.off() : new CachePolicy(true,
                cacheMinSize != null ? Math.max(0, cacheMinSize) : defaults.minBytes(), cacheDir);
        return TraceLoader.builder().legacyNames(legacy).ignoreIncompleteLinks(ignoreIncompleteLinks)
                .threads(threads).cache(cache).progress(Progress.both(TerminalProgress.forTerminal(), also));
    }
}
