package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.export.CsvExport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A trace the API wrote, read back by paje's own reader (checked clean) and exported as CSV tables. */
final class ReadBack {
    private final Map<String, List<String>> tables = new HashMap<>();

    private ReadBack() {
    }

    /** Reads {@code trace}, asserts it has no problem nor warning, and exports it under {@code dir}. */
    static ReadBack of(byte[] trace, Path dir) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(100).build()
                .load(new ByteArrayInputStream(trace), "api.trace", dir);
        assertThat(loaded.problems()).as("problems reading the trace back").isEmpty();
        assertThat(loaded.warnings()).as("warnings reading the trace back").isEmpty();
        assertThat(loaded.valid()).isTrue();
        Path out = Files.createTempDirectory(dir, "csv");
        new CsvExport(loaded.trace()).write(out);
        ReadBack r = new ReadBack();
        for (String f : CsvExport.FILES) {
            r.tables.put(f.replace(".csv", ""), Files.readAllLines(out.resolve(f)));
        }
        return r;
    }

    /** The rows of one table ("states", "events", "links", "variables", "containers"), header first. */
    List<String> rows(String table) {
        return tables.get(table);
    }
}
