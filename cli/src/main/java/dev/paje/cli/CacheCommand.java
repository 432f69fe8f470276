package dev.paje.cli;

import dev.paje.CacheFiles;
import dev.paje.CachePolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje cache info|clear}: lists and removes the binary caches of traces. */
@Command(name = "cache", sortOptions = false,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "2:wrong usage", "4:a cache could not be read or removed"})
final class CacheCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "info|clear", description = "info: list the caches; clear: remove them.")
    String action;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "TRACE|DIR", description = "Traces or folders (default: . and ~/.cache/paje).")
    List<Path> targets = new ArrayList<>();

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Look for the traces' caches in DIR (as given to other commands).")
    Path cacheDir;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter out = basics.out();
        PrintWriter err = basics.err();
        if (!action.equals("info") && !action.equals("clear")) {
            err.println("paje cache: expected 'info' or 'clear', found '" + action + "'");
            return 2;
        }
        Set<Path> files = new LinkedHashSet<>();
        try {
            CachePolicy policy = new CachePolicy(true, 0, cacheDir);
            if (targets.isEmpty()) {
                files.addAll(CacheFiles.in(cacheDir != null ? cacheDir : Path.of(".")));
                files.addAll(CacheFiles.in(CachePolicy.fallbackDir()));
            }
            for (Path t : targets) {
                if (Files.isDirectory(t)) {
                    files.addAll(CacheFiles.in(t));
                } else if (Files.exists(t)) {
                    files.addAll(CacheFiles.of(t, policy));
                } else {
                    err.println("paje cache: " + t + ": no such file or folder");
                    return 2;
                }
            }
        } catch (IOException e) {
            err.println("paje cache: cannot list caches: " + e.getMessage());
            return 4;
        }
        return action.equals("info") ? info(files, out, err) : clear(files, out, err);
    }

    private static int info(Set<Path> files, PrintWriter out, PrintWriter err) {
        if (files.isEmpty()) {
            out.println("no cache");
            return 0;
        }
        int status = 0;
        long total = 0;
        for (Path f : files) {
            try {
                CacheFiles.Entry e = CacheFiles.describe(f);
                total += e.bytes();
                out.printf(Locale.ROOT, "%-13s %9s  %s%n", e.state(), megabytes(e.bytes()), f);
                out.println("              " + (e.source() == null ? "" : "trace " + e.source() + ": ") + e.detail());
            } catch (IOException ex) {
                err.println("paje cache: " + f + ": cannot read: " + ex.getMessage());
                status = 4;
            }
        }
        out.printf(Locale.ROOT, "%d cache file%s, %s%n", files.size(), files.size() == 1 ? "" : "s", megabytes(total));
        return status;
    }

    private static int clear(Set<Path> files, PrintWriter out, PrintWriter err) {
        int status = 0;
        long total = 0;
        int removed = 0;
        for (Path f : files) {
            try {
                long bytes = Files.size(f);
                Files.delete(f);
                total += bytes;
                removed++;
                out.println("removed " + f + " (" + megabytes(bytes) + ")");
            } catch (IOException ex) {
                err.println("paje cache: cannot remove " + f + ": " + ex.getMessage());
                status = 4;
            }
        }
        out.printf(Locale.ROOT, "%d cache file%s removed, %s freed%n", removed, removed == 1 ? "" : "s", megabytes(total));
        return status;
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
