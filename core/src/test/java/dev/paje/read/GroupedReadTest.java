package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Simulating each chunk container by container ({@link ContainerGroups}) gives exactly what file
 * order gives: the same trace, the same problems in the same order, the same counts, including
 * where reading stops at the problem limit. Seeded random traces with containers created and
 * destroyed midway, values declared on first use, links with reused keys, user fields and errors.
 */
class GroupedReadTest {
    @TempDir
    Path dir;

    /** What a load produced, as text: problems, counts, completeness and the dump. */
    private static String outcome(TraceLoader.Builder builder, Path trace) throws IOException {
        TraceLoader.Loaded loaded = builder.build().load(trace);
        StringBuilder sb = new StringBuilder();
        sb.append("complete=").append(loaded.complete()).append(" lines=").append(loaded.lines())
                .append(" events=").append(loaded.events()).append(" problemLines=").append(loaded.problemLines())
                .append('\n');
        sb.append(loaded.problems().stream().map(Problem::format).collect(Collectors.joining("\n"))).append('\n');
        if (loaded.trace() != null) {
            StringWriter out = new StringWriter();
            new DumpWriter(DumpOptions.defaults()).write(loaded.trace(), out);
            sb.append(out);
            for (dev.paje.store.Type t : loaded.trace().types()) { // value order numbers values (legend, colours)
                sb.append(t.name()).append(": ").append(t.values().stream().map(v -> v.name())
                        .collect(Collectors.joining(", "))).append('\n');
            }
        }
        return sb.toString();
    }

    private static void sameGroupedOrNot(Path trace, boolean collect, int max) throws IOException {
        for (int chunk : new int[] {512, 8192, 1 << 20}) {
            for (int threads : new int[] {1, 2}) {
                TraceLoader.Builder plain = TraceLoader.builder().threads(threads).chunkSize(chunk)
                        .groupByContainer(false);
                TraceLoader.Builder grouped = TraceLoader.builder().threads(threads).chunkSize(chunk)
                        .groupByContainer(true);
                if (collect) {
                    plain.collectProblems(max);
                    grouped.collectProblems(max);
                }
                assertThat(outcome(grouped, trace))
                        .as("%s, chunks of %d bytes, %d threads, %s", trace.getFileName(), chunk, threads,
                                collect ? "up to " + max + " problems" : "fail fast")
                        .isEqualTo(outcome(plain, trace));
            }
        }
    }

    @Test
    void syntheticTracesGiveTheSameDump() throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            Path trace = SyntheticTrace.write(dir.resolve("synthetic-" + seed + ".trace"), 3, 7, 40, seed);
            sameGroupedOrNot(trace, false, 1);
        }
    }

    @Test
    void randomTracesWithErrorsGiveTheSameProblemsAndDump() throws IOException {
        for (long seed = 1; seed <= 12; seed++) {
            Path trace = RandomTrace.write(dir.resolve("random-" + seed + ".trace"), seed, seed % 3 == 0 ? 0.0 : 0.01);
            sameGroupedOrNot(trace, false, 1);
            sameGroupedOrNot(trace, true, 1000);
            sameGroupedOrNot(trace, true, 3); // stops midway: the counts must still agree
        }
    }

    @Test
    void groupingReallyReorders() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("synthetic.trace"), 2, 8, 20, 7);
        byte[] data = Files.readAllBytes(trace);
        Header header = Header.prefix(data, data.length, false);
        ChunkTokenizer tokenizer = new ChunkTokenizer(new NameMaps(new dev.paje.store.Names()), true);
        Batch b = tokenizer.tokenize(data, data.length, header);
        int outOfOrder = 0;
        for (int i = 1; i < b.size; i++) {
            if (b.line[i] < b.line[i - 1]) {
                outOfOrder++;
            }
        }
        assertThat(outOfOrder).as("records moved by grouping").isPositive();
        for (int i = 1; i < b.size; i++) { // each container's records in file order
            for (int j = i - 1; j >= 0 && b.def[j] != null && b.def[i] != null; j--) {
                if (b.container[j] == b.container[i]) {
                    assertThat(b.line[j]).isLessThan(b.line[i]);
                    break;
                }
            }
        }
    }

    /** Random traces in the synthetic format, with the trouble a real trace can have. */
    static final class RandomTrace {
        static Path write(Path file, long seed, double errorRate) throws IOException {
            Random r = new Random(seed);
            String header = Files.readString(SyntheticTrace.write(file, 1, 1, 0, seed)).lines()
                    .takeWhile(l -> !l.startsWith("6 0 m1")).collect(Collectors.joining("\n")) + "\n";
            List<String> open = new ArrayList<>();
            List<String> closed = new ArrayList<>();
            java.util.Map<String, Integer> depth = new java.util.HashMap<>();
            int created = 0;
            long key = 0;
            try (BufferedWriter out = Files.newBufferedWriter(file)) {
                out.write(header);
                out.write("6 0 m1 M 0 node-1\n6 0 p0 P m1 rank0\n14 0 p0 MEM 10\n");
                double t = 0;
                int lines = 2000 + r.nextInt(3000);
                for (int n = 0; n < lines; n++) {
                    t += r.nextInt(3) * 0.001;
                    String time = String.format(java.util.Locale.ROOT, "%.3f", t);
                    if (open.size() < 3 || r.nextInt(200) == 0) {
                        String c = "t" + created++;
                        out.write("6 " + time + " " + c + " T p0 \"thread " + c + "\"\n");
                        open.add(c);
                        continue;
                    }
                    if (r.nextInt(300) == 0 && open.size() > 3) {
                        String c = open.remove(r.nextInt(open.size()));
                        out.write("7 " + time + " T " + c + "\n");
                        closed.add(c);
                        continue;
                    }
                    // odd seeds: errors only after the first third, when every value is declared (grouped runs)
                    double rate = seed % 2 == 1 && n < lines / 3 ? 0 : errorRate;
                    String c = open.get(r.nextInt(open.size()));
                    if (r.nextDouble() < rate) {
                        c = closed.isEmpty() || r.nextBoolean() ? "ghost" + r.nextInt(3) : closed.get(r.nextInt(closed.size()));
                    }
                    String when = time;
                    if (r.nextDouble() < rate) {
                        when = String.format(java.util.Locale.ROOT, "%.3f", Math.max(0, t - 0.5));
                    }
                    int kind = r.nextInt(7);
                    if (kind == 2 && depth.getOrDefault(c, 0) == 0 && r.nextDouble() >= rate) {
                        kind = 1; // pop an empty stack only as an injected error
                    }
                    switch (kind) {
                        case 0 -> {
                            out.write("10 " + when + " " + c + " S " + value(r) + "\n");
                            depth.put(c, 1);
                        }
                        case 1 -> {
                            out.write("11 " + when + " " + c + " S " + value(r) + " f" + r.nextInt(4) + ".c "
                                    + r.nextInt(99) + "\n");
                            depth.merge(c, 1, Integer::sum);
                        }
                        case 2 -> {
                            out.write("12 " + when + " " + c + " S\n");
                            depth.merge(c, -1, (a, d) -> Math.max(0, a + d));
                        }
                        case 3 -> out.write("13 " + when + " " + c + " E " + (r.nextInt(4) == 0 ? "mark" + r.nextInt(9) : "checkpoint") + "\n");
                        case 4 -> out.write("15 " + when + " p0 MEM " + r.nextInt(9) + "\n");
                        default -> {
                            String k = "k" + (r.nextInt(5) == 0 ? r.nextInt(4) : key++); // some keys reused
                            String other = open.get(r.nextInt(open.size()));
                            out.write((r.nextBoolean() ? "17 " + when + " m1 MSG " + c + " send " + k + " 1\n"
                                    : "18 " + when + " m1 MSG " + other + " send " + k + "\n"));
                        }
                    }
                }
            }
            return file;
        }

        /** Declared values, and undeclared ones that the simulator declares on first use. */
        private static String value(Random r) {
            return switch (r.nextInt(5)) {
                case 0 -> "wait";
                case 1 -> "io";
                case 2 -> "new" + r.nextInt(12);
                default -> "run";
            };
        }
    }
}
