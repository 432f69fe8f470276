package dev.paje.bench;

import dev.paje.dump.ByteSink;
import dev.paje.dump.CFormat;
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
 * {@code paje dump}'s numbers: {@link CFormat#fixed} ({@code %.6f}, pj_dump's default precision) into a reused
 * {@link ByteSink}. One operation writes {@value #COUNT} seeded doubles of the {@code kind} asked: {@code times}
 * (uniform in [0, 220) s, a synthetic trace's span), {@code durations} (exponential, mean 1 ms), {@code mixed}
 * (a state row's start, end and duration, in turn).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class FixedTextBenchmark {
    static final int COUNT = 1024;

    @Param({"times", "durations", "mixed"})
    public String kind;

    private final double[] doubles = new double[COUNT];
    private final ByteSink out = new ByteSink(COUNT * 24);

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < COUNT; i++) {
            double time = random.nextDouble() * 220;
            double duration = -Math.log(1 - random.nextDouble()) * 1e-3;
            doubles[i] = switch (kind) {
                case "times" -> time;
                case "durations" -> duration;
                default -> i % 3 == 2 ? duration : time;
            };
        }
    }

    @Benchmark
    public int fixed() {
        out.clear();
        for (double x : doubles) {
            CFormat.fixed(out, x, 6);
        }
        return out.size();
    }
}
