package dev.paje;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.testing.TraceMutator;
import dev.paje.testing.TraceOutline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged traces read in parallel give what one thread reading the whole file gives: the small traces of the shared
 * corpus, mutated at random ({@link TraceMutator}), checked with one thread in one chunk event by event, then with two
 * threads in chunks of 700 and 4,096 bytes (a chunk boundary in nearly every line's neighbourhood) with the tokenizer
 * threads' run summaries, and in fail-fast mode both ways: the same problems, counts, containers and rows.
 *
 * <p>Every mutant draws from its own seed; replay one with {@code -Dtest=ChunkingFuzzTest -Dpaje.fuzz.trace=NAME.trace
 * -Dpaje.fuzz.seed=SEED}; {@code -Dpaje.fuzz.chunking.mutants=N} mutants per trace (default 40).
 */
class ChunkingFuzzTest {
    private static final long BASE_SEED = 0xC4_0_4C5L;
    private static final int MUTANTS = Integer.getInteger("paje.fuzz.chunking.mutants", 40);
    private static final int MAX_SIZE = 40 * 1024;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> parallelChunksReadDamagedTracesAsOneThreadDoes() throws IOException {
        String shared = System.getProperty("paje.shared");
        Path valid = shared == null ? null : Path.of(shared, "traces", "valid");
        if (valid == null || !Files.isDirectory(valid)) {
            return Stream.of(DynamicTest.dynamicTest("shared corpus", () -> Assumptions.abort(
                    "shared corpus not found (system property paje.shared: " + shared + "): skipping the chunking fuzz")));
        }
        String onlyTrace = System.getProperty("paje.fuzz.trace");
        Long onlySeed = Long.getLong("paje.fuzz.seed");
        List<Path> traces;
        try (Stream<Path> s = Files.list(valid)) {
            traces = s.filter(p -> p.getFileName().toString().endsWith(".trace")).filter(p -> size(p) < MAX_SIZE)
                    .filter(p -> onlyTrace == null || p.getFileName().toString().equals(onlyTrace)).sorted().toList();
        }
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            byte[] original = Files.readAllBytes(t);
            String name = t.getFileName().toString();
            Path target = dir.resolve(name);
            for (int i = 0; i < (onlySeed != null ? 1 : MUTANTS); i++) {
                long seed = onlySeed != null ? onlySeed : BASE_SEED ^ ((long) name.hashCode() << 20) ^ (i * 0x9E3779B97F4A7C15L);
                TraceMutator.Mutant mutant = TraceMutator.mutate(original, seed);
                Files.write(target, mutant.bytes());
                String context = name + ", seed " + seed + ", mutations " + mutant.applied()
                        + " (replay: -Dpaje.fuzz.trace=" + name + " -Dpaje.fuzz.seed=" + seed + ")";
                String oneThread = outcome(TraceLoader.builder().threads(1).chunkSize(1 << 20).collectProblems(20)
                        .keepEntities(false).summarizeRuns(false).build().load(target));
                for (int chunk : new int[] {700, 4096}) {
                    assertThat(outcome(TraceLoader.builder().threads(2).chunkSize(chunk).collectProblems(20)
                            .keepEntities(false).build().load(target)))
                            .as("validate mode, 2 threads, chunks of %d bytes; %s", chunk, context).isEqualTo(oneThread);
                }
                assertThat(outcome(TraceLoader.builder().threads(2).chunkSize(700).build().load(target)))
                        .as("fail-fast mode, 2 threads, chunks of 700 bytes; %s", context)
                        .isEqualTo(outcome(TraceLoader.builder().threads(1).chunkSize(1 << 20).build().load(target)));
            }
        }));
    }

    /** What a load found and built, as text. */
    private static String outcome(TraceLoader.Loaded loaded) {
        StringBuilder sb = new StringBuilder();
        sb.append("complete=").append(loaded.complete()).append(" problemLines=").append(loaded.problemLines())
                .append(" valid=").append(loaded.valid()).append('\n');
        if (loaded.complete()) { // a load stopped at its first problem counts what its threads had read by then
            sb.append("lines=").append(loaded.lines()).append(" events=").append(loaded.events()).append('\n');
        }
        loaded.problems().forEach(p -> sb.append(p.format()).append('\n'));
        loaded.warnings().forEach(p -> sb.append("warning ").append(p.format()).append('\n'));
        if (loaded.trace() != null && loaded.valid()) {
            TraceOutline.describe(loaded.trace(), sb);
        }
        return sb.toString();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
