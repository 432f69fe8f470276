package dev.paje;

import dev.paje.testing.MutantCampaign;
import dev.paje.testing.TraceMutator;
import dev.paje.testing.TraceOutline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged traces read in parallel give what one thread reading the whole file gives: the small traces of the shared
 * corpus, mutated at random ({@link MutantCampaign}), checked with one thread in one chunk event by event, then with
 * two threads in chunks of 700 and 4,096 bytes (a chunk boundary in nearly every line's neighbourhood) with the tokenizer
 * threads' run summaries, and in fail-fast mode both ways: the same problems, counts, containers and rows.
 * {@code -Dpaje.fuzz.chunking.mutants=N} in all (default 1,500).
 */
class ChunkingFuzzTest {
    private static final int MUTANTS = Integer.getInteger("paje.fuzz.chunking.mutants", 1500);

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> parallelChunksReadDamagedTracesAsOneThreadDoes() throws IOException {
        return MutantCampaign.run(MUTANTS, 0xC4_0_4C5L, this::compare);
    }

    private String compare(Path original, String name, long seed) throws IOException {
        TraceMutator.Mutant mutant = TraceMutator.mutate(Files.readAllBytes(original), seed);
        Path target = dir.resolve(name);
        Files.write(target, mutant.bytes());
        String oneThread = outcome(TraceLoader.builder().threads(1).chunkSize(1 << 20).collectProblems(20)
                .keepEntities(false).summarizeRuns(false).build().load(target));
        for (int chunk : new int[] {700, 4096}) {
            String parallel = outcome(TraceLoader.builder().threads(2).chunkSize(chunk).collectProblems(20)
                    .keepEntities(false).build().load(target));
            if (!parallel.equals(oneThread)) {
                return mutant.applied() + ": validate mode, 2 threads in chunks of " + chunk + " bytes:\n" + parallel
                        + "one thread:\n" + oneThread;
            }
        }
        String failFast = outcome(TraceLoader.builder().threads(1).chunkSize(1 << 20).build().load(target));
        String parallel = outcome(TraceLoader.builder().threads(2).chunkSize(700).build().load(target));
        return parallel.equals(failFast) ? null
                : mutant.applied() + ": fail-fast mode, 2 threads in chunks of 700 bytes:\n" + parallel
                        + "one thread:\n" + failFast;
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
}
