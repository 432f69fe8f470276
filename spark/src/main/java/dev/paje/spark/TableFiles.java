package dev.paje.spark;

import dev.paje.export.parquet.Codec;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.TypeKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where the converter's files go: each table is a directory of part files named in the table's order
 * ({@code OUT/states.parquet/part-00000.parquet}…); parts write theirs under a staging directory first.
 */
final class TableFiles {
    /** The entity tables, by tag. */
    static final List<String> ENTITIES = List.of("states.parquet", "events.parquet", "links.parquet", "variables.parquet");
    /**
     * ZSTD (Spark's own shuffle codec, so on every executor), doubles PLAIN: Spark's vectorized Parquet
     * reader refuses BYTE_STREAM_SPLIT, and the converter's tables are for Spark first.
     */
    static final ParquetOptions OPTIONS = ParquetOptions.DEFAULT.withCodec(Codec.ZSTD, new ZstdPages()).withSplitDoubles(false);
    static final String STAGING = "_paje_parts";

    private TableFiles() {
    }

    static int tag(TypeKind kind) {
        return switch (kind) {
            case STATE -> 0;
            case EVENT -> 1;
            case LINK -> 2;
            case VARIABLE -> 3;
            case CONTAINER -> throw new IllegalArgumentException("containers are not entities");
        };
    }

    /** Part {@code part}'s file of entity table {@code tag}, in the staging directory. */
    static Path staged(Path staging, int part, int tag) {
        return staging.resolve(String.format(Locale.ROOT, "part-%05d.%d.parquet", part, tag));
    }

    /** File {@code n} of {@code table} under {@code out}. */
    static Path part(Path out, String table, int n) {
        return out.resolve(table).resolve(String.format(Locale.ROOT, "part-%05d.parquet", n));
    }

    /** Removes {@code dir} and everything in it, if it is there. */
    static void deleteTree(Path dir) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                deleteOnce(dir);
                return;
            } catch (DirectoryNotEmptyException e) {
                // a failed job's other tasks may still be writing their part files here: they end soon after
                if (attempt == DELETE_ATTEMPTS) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static final int DELETE_ATTEMPTS = 100;

    private static void deleteOnce(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p); // (a task's file may go away under the walk too)
            }
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof NoSuchFileException)) {
                throw e.getCause();
            }
            deleteOnce(dir); // a file vanished while walking: walk again
        }
    }
}
