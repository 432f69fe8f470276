package dev.paje.server;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Not a test: writes a trace of {@code nodes × threads} thread containers (default 100 × 100 =
 * 10,000) with a few nested states and a variable each: many rows for tests ({@link WindowPartsTest})
 * and, at scale, for measuring aggregation: {@code bench/timing.sh AggregateTraceGenerator OUT [NODES
 * THREADS STATES]}. The header is core's {@code aggregate/aggregate.trace} test resource.
 */
public final class AggregateTraceGenerator {
    private AggregateTraceGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int states = args.length > 3 ? Integer.parseInt(args[3]) : 20;
        write(out, nodes, threads, states);
    }

    static void write(Path out, int nodes, int threads, int states) throws IOException {
        String header;
        try (var in = AggregateTraceGenerator.class.getResourceAsStream("/aggregate/aggregate.trace")) { // core's test-jar
            header = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        header = header.substring(header.indexOf("%EventDef"), header.indexOf("6 0 n N 0 n"));
        SplittableRandom random = new SplittableRandom(5);
        String[] values = {"r", "w", "c"};
        try (BufferedWriter w = Files.newBufferedWriter(out)) {
            w.write(header);
            for (int n = 0; n < nodes; n++) {
                w.write("6 0 n" + n + " N 0 n" + n + "\n");
                for (int t = 0; t < threads; t++) {
                    w.write("6 0 n" + n + "t" + t + " T n" + n + " t" + t + "\n");
                }
            }
            // each thread: Run at level 0 all along, with `states` inner Wait/Comm pushes in time order
            for (int n = 0; n < nodes; n++) {
                for (int t = 0; t < threads; t++) {
                    String c = "n" + n + "t" + t;
                    w.write("11 0 " + c + " S r\n");
                    w.write("8 0 " + c + " M " + random.nextInt(100) + "\n");
                }
            }
            // slice k: pushes in its first half, pops in its second, both in thread order (times never go back)
            double step = 100.0 / states;
            int count = nodes * threads;
            boolean[] pushed = new boolean[count];
            for (int k = 0; k < states; k++) {
                for (int i = 0; i < count; i++) {
                    pushed[i] = random.nextInt(10) < 7;
                    if (pushed[i]) {
                        double a = k * step + step / 2 * (i + random.nextDouble()) / count;
                        w.write(String.format("11 %.6f n%dt%d S %s%n", a, i / threads, i % threads, values[1 + random.nextInt(2)]));
                    }
                }
                for (int i = 0; i < count; i++) {
                    double b = k * step + step / 2 + step / 2 * (i + random.nextDouble()) / count;
                    if (pushed[i]) {
                        w.write(String.format("12 %.6f n%dt%d S%n", b, i / threads, i % threads));
                    }
                    if (random.nextInt(4) == 0) {
                        w.write(String.format("8 %.6f n%dt%d M %d%n", b, i / threads, i % threads, random.nextInt(100)));
                    }
                }
            }
            for (int n = 0; n < nodes; n++) {
                for (int t = 0; t < threads; t++) {
                    w.write("12 100 n" + n + "t" + t + " S\n");
                }
            }
        }
    }
}
