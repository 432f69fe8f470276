package dev.paje.sql;

import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.StoreFile;
import dev.paje.store.Trace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

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
        StoreFile store = trace.storeFile();
        Path cache = store == null ? null : store.path();
        if (cache == null || !Files.isRegularFile(cache)) {
            Path temp = Files.createTempDirectory("paje-sql-");
            try {
                new ParquetExport(trace, options).write(temp);
            } catch (IOException | RuntimeException e) {
                delete(temp);
                throw e;
            }
            return new ParquetCache(temp, true, true);
        }
        Path dir = cache.resolveSibling(cache.getFileName() + ".parquet");
        String stamp = stamp(cache);
        Path stampFile = dir.resolve(STAMP);
        if (Files.isRegularFile(stampFile, LinkOption.NOFOLLOW_LINKS)
                && Files.readString(stampFile, StandardCharsets.UTF_8).equals(stamp)) {
            return new ParquetCache(dir, false, false);
        }
        Path temp = dir.resolveSibling(dir.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        delete(temp);
        Files.createDirectory(temp);
        try {
            new ParquetExport(trace, options).write(temp);
            Files.writeString(temp.resolve(STAMP), stamp, StandardCharsets.UTF_8);
            delete(dir);
            Files.move(temp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            delete(temp);
            throw e;
        }
        return new ParquetCache(dir, false, true);
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
            delete(dir);
        }
    }

    static void delete(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(p)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
