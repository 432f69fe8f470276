package dev.paje.bench;

import dev.paje.format.Schubfach;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Doubles to text: {@link Schubfach} into a reused byte array against Java 17's
 * {@code Double.toString} and its bytes, which JsonOut used for values with more than nine
 * decimals. One operation writes {@value #COUNT} seeded doubles of the {@code kind} asked:
 * {@code values} (uniform in [0, 1000), as variable values are), {@code bits} (any finite bit pattern).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class DoubleTextBenchmark {
    static final int COUNT = 1024;

    @Param({"values", "bits"})
    public String kind;

    private final double[] doubles = new double[COUNT];
    private final byte[] out = new byte[COUNT * Schubfach.MAX_CHARS];

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(13);
        for (int i = 0; i < COUNT; i++) {
            double x;
            do {
                x = kind.equals("bits") ? Double.longBitsToDouble(random.nextLong()) : random.nextDouble() * 1000;
            } while (!Double.isFinite(x));
            doubles[i] = x;
        }
    }

    @Benchmark
    public int schubfach() {
        int n = 0;
        for (double x : doubles) {
            n = Schubfach.write(x, out, n);
        }
        return n;
    }

    @Benchmark
    public int javaToString() {
        int n = 0;
        for (double x : doubles) {
            byte[] b = Double.toString(x).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(b, 0, out, n, b.length);
            n += b.length;
        }
        return n;
    }
}
