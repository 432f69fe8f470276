package dev.paje;

import dev.paje.store.StoreMeta;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds and describes cache files ({@code paje cache info|clear}). */
public final class CacheFiles {
    private CacheFiles() {
    }

    /** What a cache file is: its size and state ("ok", "stale", "damaged", "unfinished"…), and its trace. */
    public record Entry(Path file, long bytes, String state, String detail, Path source) {
    }

    /** Whether {@code name} is a cache file or the temporary file of a cache being written. */
    static boolean isCacheName(String name) {
        return name.endsWith(".pjcache") || name.contains(".pjcache.tmp-");
    }

    /** Cache files (and unfinished ones) in {@code dir}, by name. */
    public static List<Path> in(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> isCacheName(p.getFileName().toString())).filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** Cache files of {@code trace}, made with any options, where {@code policy} looks for them. */
    public static List<Path> of(Path trace, CachePolicy policy) throws IOException {
        Path absolute = trace.toAbsolutePath().normalize();
        List<Path> folders = new ArrayList<>();
        if (policy.dir() != null) {
            folders.add(policy.dir());
        } else {
            if (absolute.getParent() != null) {
                folders.add(absolute.getParent());
            }
            folders.add(CachePolicy.fallbackDir());
        }
        List<Path> found = new ArrayList<>();
        for (Path folder : folders) {
            String prefix = policy.prefixIn(folder, absolute);
            for (Path p : in(folder)) {
                if (p.getFileName().toString().startsWith(prefix)) {
                    found.add(p);
                }
            }
        }
        return found;
    }

    /** Reads what {@code file} says about itself and checks it against its trace as it is now. */
    public static Entry describe(Path file) throws IOException {
        long bytes = Files.size(file);
        if (file.getFileName().toString().contains(".pjcache.tmp-")) {
            return new Entry(file, bytes, "unfinished", "written by a paje that stopped, or is still writing", null);
        }
        StoreMeta.Info info;
        try {
            info = StoreMeta.info(file);
        } catch (StoreMeta.Rejected e) {
            return new Entry(file, bytes, e.damaged() ? "damaged" : "other version", e.getMessage(), null);
        }
        String[] parts = info.key().split("\\|");
        if (parts.length < 3 || !parts[0].equals("paje-store")) {
            return new Entry(file, bytes, "other version", "not made by this version of paje", null);
        }
        Path source = Path.of(parts[1]);
        if (!Files.isRegularFile(source)) {
            return new Entry(file, bytes, "orphan", "its trace is gone", source);
        }
        if (!info.key().startsWith("paje-store|" + SourceIdentity.of(source) + "|")) {
            return new Entry(file, bytes, "stale", "its trace changed since", source);
        }
        return new Entry(file, bytes, "ok", info.lines() + " lines, " + info.events() + " events", source);
    }
}
