package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What the store tests look at: a trace's tables, and the one cache file a load writes. */
final class StoreTables {
    private StoreTables() {
    }

    /** Every table of {@code trace}, by container then type. */
    static List<EntityTable> all(Trace trace) {
        return of(trace, EntityTable.class);
    }

    /** The tables of {@code trace} of one kind, by container then type. */
    static <T extends EntityTable> List<T> of(Trace trace, Class<T> kind) {
        List<T> out = new ArrayList<>();
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                if (kind.isInstance(c.table(t))) {
                    out.add(kind.cast(c.table(t)));
                }
            }
        }
        return out;
    }

    /** The one file in the cache directory {@code dir}: a second one (or a temporary left over) fails the test. */
    static Path onlyCacheFile(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            assertThat(all).as("files in %s", dir).hasSize(1);
            return all.get(0);
        }
    }
}
