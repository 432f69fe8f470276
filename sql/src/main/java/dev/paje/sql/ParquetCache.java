package dev.paje.sql;

import dev.paje.Directories;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.StoreFile;
import dev.paje.store.Trace;
import java.io.IOException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;


/**
 * Where a trace's Parquet tables are for SQL: next to its store cache ({@code CACHE.parquet/}, kept
 * while the cache is unchanged, which its stamp file checks), or in a temporary directory removed at
 * {@link #close()} when the trace has no cache. Written under a temporary name, renamed once complete.
 */
public final class ParquetCache implements AutoCloseable {
    static final String STAMP = "paje-parquet.stamp";
    private static final String FORMAT = "paje-parquet 1";

    private final Path dir;
    private final boolean temporary;
    private final boolean built;

    private ParquetCache(Path dir, boolean temporary, boolean built) {
        this.dir = dir;
        this.temporary = temporary;
        this.built = built;
    }

    /** The tables of {@code trace}, exported now unless an up-to-date copy is next to its cache. */
    public static ParquetCache of(Trace trace, ParquetOptions options) throws IOException {
        return of(trace, options, true);
    }

    /**
     * The same; with {@code keep} false an up-to-date copy next to the cache is used but none is
     * written there (the viewer changes no file): the tables then go to a temporary directory.
     */
    public static ParquetCache of(Trace trace, ParquetOptions options, boolean keep) throws IOException {
        StoreFile store = trace.storeFile();
        Path cache = store == null ? null : store.path();
        boolean cached = cache != null && Files.isRegularFile(cache);
        if (cached && !keep && fresh(cache)) {
            return new ParquetCache(dir(cache), false, false);
        }
        if (!cached || !keep) {
            return temporary(trace, options);
        }
        Path dir = dir(cache);
        String stamp = stamp(cache);
        if (fresh(cache)) {
            return new ParquetCache(dir, false, false);
        }
        Path temp = dir.resolveSibling(dir.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Directories.delete(temp);
            Files.createDirectory(temp);
        } catch (IOException e) {
            return temporary(trace, options); // the cache's folder is read-only: the tables live for this run
        }
        try {
            new ParquetExport(trace, options).write(temp, Runtime.getRuntime().availableProcessors());
            Files.writeString(temp.resolve(STAMP), stamp, StandardCharsets.UTF_8);
            if (fresh(cache)) {
                Directories.delete(temp); // another paje made them meanwhile: theirs are as good
            } else {
                Directories.delete(dir);
                Files.move(temp, dir, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException e) {
            Directories.delete(temp);
            throw e;
        }
        return new ParquetCache(dir, false, true);
    }

    private static ParquetCache temporary(Trace trace, ParquetOptions options) throws IOException {
        Path temp = Files.createTempDirectory("paje-sql-");
        try {
            new ParquetExport(trace, options).write(temp, Runtime.getRuntime().availableProcessors());
        } catch (IOException | RuntimeException e) {
            Directories.delete(temp);
            throw e;
        }
        return new ParquetCache(temp, true, true);
    }

    private static Path dir(Path cache) {
        return cache.resolveSibling(cache.getFileName() + ".parquet");
    }

    /** Whether the tables next to {@code cache} were made from it as it is now. */
    private static boolean fresh(Path cache) throws IOException {
        Path stampFile = dir(cache).resolve(STAMP);
        return Files.isRegularFile(stampFile, LinkOption.NOFOLLOW_LINKS)
                && Files.readString(stampFile, StandardCharsets.UTF_8).equals(stamp(cache));
    }

    /** What identifies the store the tables were made from: its path, size and modification time. */
    private static String stamp(Path cache) throws IOException {
        return FORMAT + "\n" + cache.toAbsolutePath() + "\n" + Files.size(cache) + "\n"
                + Files.getLastModifiedTime(cache).toMillis() + "\n";
    }

    /** The directory holding the {@link ParquetExport#FILES}. */
    public Path directory() {
        return dir;
    }

    /** Whether the tables were exported by this call (false: reused from the cache). */
    public boolean built() {
        return built;
    }

    @Override
    public void close() throws IOException {
        if (temporary) {
            Directories.delete(dir);
        }
    }

}
