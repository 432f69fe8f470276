package dev.paje.read;

import dev.paje.bench.Rate;
import dev.paje.bench.SyntheticTrace;
import dev.paje.store.Names;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import dev.paje.bench.ThroughputBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The tokenizer alone ({@link ChunkTokenizer}, the hot path of reading), on one thread: a synthetic
 * trace ({@link SyntheticTrace}) is cut into chunks of {@link ReadOptions#DEFAULT_CHUNK} at line
 * boundaries ({@link Chunks#bounds}) and read into memory once per trial; each operation tokenizes
 * all of them in file order with a fresh tokenizer against the header snapshot ({@link Header#prefix}),
 * as {@code TraceReader} does with one thread, without the in-order pass and the simulator.
 *
 * <p>This class is in package {@code dev.paje.read} (of the bench module) to reach the package-private
 * tokenizer. The primary score is passes over the whole trace per second; the secondary scores
 * {@code mb} and {@code events} are the same rate in MB (10^6 bytes) and event lines per second.
 * After each iteration it also prints {@code cpu MB/s}: MB per second of the benchmark thread's
 * CPU time, the figure to compare on a shared machine, where the wall-clock scores follow the load.
 */
public class TokenizerBenchmark extends ThroughputBenchmark {
    /** Size of the trace in MB (10^6 bytes). */
    @Param("20")
    public int sizeMb;

    /** A trace file to read instead of writing a synthetic one (then {@link #sizeMb} is ignored). */
    @Param("")
    public String file;

    private byte[][] chunks;
    /** The chunks with room past them, as the reader gives them to the tokenizer. */
    private byte[][] padded;
    private Header header;
    private SyntheticTrace.Stats stats;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long cpuNanos;
    private double cpuMb;


    @Setup(Level.Trial)
    public void readChunks() throws IOException {
        boolean given = !this.file.isEmpty();
        Path file = given ? Path.of(this.file) : Files.createTempFile("paje-bench-", ".trace");
        try {
            stats = given ? null : SyntheticTrace.write(file, sizeMb * 1_000_000L, 42);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = channel.size();
                byte[] head = new byte[(int) Math.min(size, ReadOptions.HEAD)];
                TraceReader.readFully(channel, ByteBuffer.wrap(head), 0);
                header = Header.prefix(head, head.length, false);
                long[] bounds = Chunks.bounds(channel, size, ReadOptions.DEFAULT_CHUNK);
                chunks = new byte[bounds.length - 1][];
                for (int k = 0; k < chunks.length; k++) {
                    chunks[k] = new byte[(int) (bounds[k + 1] - bounds[k])];
                    TraceReader.readFully(channel, ByteBuffer.wrap(chunks[k]), bounds[k]);
                }
            }
        } finally {
            if (!given) {
                Files.deleteIfExists(file);
            }
        }
        if (given) {
            stats = new SyntheticTrace.Stats(Files.size(file), eventLines(chunks));
        }
        padded = new byte[chunks.length][];
        for (int k = 0; k < chunks.length; k++) { // the reader's chunks have room for the tokenizer's PAD newlines
            padded[k] = java.util.Arrays.copyOf(chunks[k], chunks[k].length + ChunkTokenizer.PAD);
        }
        // Fail here, not in the measurements, if most lines do not take the fast path.
        long fast = 0;
        long records = 0;
        ChunkTokenizer tokenizer = new ChunkTokenizer(new NameMaps(new Names()), true);
        for (int k = 0; k < chunks.length; k++) {
            Batch b = tokenizer.tokenize(padded[k], chunks[k].length, header);
            records += b.size;
            for (int i = 0; i < b.size; i++) {
                fast += b.def[i] != null ? 1 : 0;
            }
        }
        if (fast < stats.eventLines() * 0.99) {
            throw new IllegalStateException("only " + fast + " of " + stats.eventLines() + " event lines take the fast path");
        }
        System.out.printf("%n# synthetic trace: %d bytes, %d event lines, %d chunks, %d records, %d on the fast path%n",
                stats.bytes(), stats.eventLines(), chunks.length, records, fast);
    }

    /** Prints the iteration's rate per CPU second of the benchmark thread. */
    @TearDown(Level.Iteration)
    public void printCpuRate() {
        if (cpuNanos > 0) {
            System.out.printf("%ncpu MB/s: %.1f%n", cpuMb / (cpuNanos / 1e9));
        }
        cpuNanos = 0;
        cpuMb = 0;
    }

    /** Lines that are neither blank, nor a comment, nor a header line. */
    private static long eventLines(byte[][] chunks) {
        long n = 0;
        for (byte[] c : chunks) {
            boolean start = true;
            for (byte b : c) {
                if (start && b != '\n' && b != '%' && b != '#') {
                    n++;
                }
                start = b == '\n';
            }
        }
        return n;
    }

    /** Tokenizes every chunk, in order, on this thread; returns the number of records (fast and raw). */
    @Benchmark
    public long tokenize(Rate rate) {
        long cpu = threads.getCurrentThreadCpuTime();
        ChunkTokenizer tokenizer = new ChunkTokenizer(new NameMaps(new Names()), true);
        long records = 0;
        for (int k = 0; k < chunks.length; k++) {
            records += tokenizer.tokenize(padded[k], chunks[k].length, header).size;
        }
        cpuNanos += threads.getCurrentThreadCpuTime() - cpu;
        cpuMb += stats.bytes() / 1e6;
        rate.mb += stats.bytes() / 1e6;
        rate.events += stats.eventLines();
        return records;
    }
}
