package dev.paje.bench;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads and simulates a whole synthetic trace ({@link SyntheticTrace}, written once per trial to a
 * temporary file) with {@code TraceLoader.builder().build().load(path)}, as {@code paje dump} does
 * before printing. The primary score is loads per second; the secondary scores {@code mb} and
 * {@code events} are the same rate in MB (10^6 bytes) and event lines per second.
 */
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
public class LoadBenchmark extends ThroughputBenchmark {
    /** Size of the trace in MB (10^6 bytes). */
    @Param("20")
    public int sizeMb;

    private Path file;
    private SyntheticTrace.Stats stats;
    private final TraceLoader loader = TraceLoader.builder().build();


    @Setup(Level.Trial)
    public void writeTrace() throws IOException {
        file = Files.createTempFile("paje-bench-", ".trace");
        stats = SyntheticTrace.write(file, sizeMb * 1_000_000L, 42);
        // Fail here, not in the measurements, if the generator and the loader disagree.
        TraceLoader.Loaded loaded = loader.load(file);
        if (!loaded.valid()) {
            throw new IllegalStateException("the synthetic trace does not load: " + loaded.problems());
        }
        System.out.printf("%n# synthetic trace: %d bytes, %d event lines, %s%n", stats.bytes(), stats.eventLines(), file);
    }

    @TearDown(Level.Trial)
    public void deleteTrace() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public Trace load(Rate rate) throws IOException {
        TraceLoader.Loaded loaded = loader.load(file);
        rate.mb += stats.bytes() / 1e6;
        rate.events += loaded.events();
        return loaded.trace();
    }
}
