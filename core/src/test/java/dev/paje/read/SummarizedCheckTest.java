package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.paje.TraceLoader;
import dev.paje.sim.SimOptions;
import dev.paje.sim.Simulator;
import dev.paje.store.Container;
import dev.paje.store.Names;
import dev.paje.store.Store;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.testing.EntityTraces;
import dev.paje.testing.EventDefs;
import dev.paje.testing.TraceOutline;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checking a trace with runs summarized by the tokenizer threads ({@link RunSummary}) gives exactly
 * what checking it event by event gives: the same problems, counts, containers, values in the same
 * order and the same row counts per table. Seeded random traces, valid ones (where the summaries must
 * really be applied, not fall back) and ones with every kind of problem a summary must not hide.
 */
class SummarizedCheckTest {
    @TempDir
    Path dir;

    /** What a check found and built, as text. */
    private static String outcome(TraceLoader.Loaded loaded) {
        StringBuilder sb = new StringBuilder();
        sb.append("complete=").append(loaded.complete()).append(" lines=").append(loaded.lines())
                .append(" events=").append(loaded.events()).append(" problemLines=").append(loaded.problemLines())
                .append(" valid=").append(loaded.valid()).append('\n');
        loaded.problems().forEach(p -> sb.append(p.format()).append('\n'));
        loaded.warnings().forEach(p -> sb.append("warning ").append(p.format()).append('\n'));
        if (loaded.trace() != null) {
            describe(loaded.trace(), sb);
        }
        return sb.toString();
    }

    private static void describe(Trace trace, StringBuilder sb) {
        TraceOutline.describe(trace, sb);
    }

    private static TraceLoader.Loaded check(Path trace, boolean summarized, int chunk, int max) throws IOException {
        return TraceLoader.builder().threads(2).chunkSize(chunk).collectProblems(max).keepEntities(false)
                .summarizeRuns(summarized).build().load(trace);
    }

    @Test
    void validTracesAreSummarizedAndGiveTheSameTrace() throws IOException {
        for (long seed = 1; seed <= 16; seed++) {
            boolean reuse = seed % 2 == 0; // a key used again may have waited before a run: then the run falls back
            Path trace = EntityTraces.write(dir.resolve("valid-" + seed + ".trace"), seed, 0, reuse);
            for (int chunk : new int[] {700, 4096, 1 << 16}) {
                TraceLoader.Loaded inOrder = check(trace, false, chunk, 20);
                assertThat(inOrder.problems()).as("seed %d: the generator writes valid traces", seed).isEmpty();
                assertThat(outcome(check(trace, true, chunk, 20))).as("seed %d, chunks of %d bytes", seed, chunk)
                        .isEqualTo(outcome(inOrder));
                if (reuse) {
                    continue;
                }
                // and the summaries were applied, not read again event by event
                Names names = new Names();
                Diagnostics diagnostics = new Diagnostics(false, 20);
                Simulator simulator = new Simulator(SimOptions.defaults(), diagnostics, names, Store.dropping());
                ReadOptions options = new ReadOptions(false, false, 20, true, chunk, true);
                TraceReader reader = new TraceReader(options, simulator, diagnostics, names, 2, null);
                assertThatCode(() -> reader.summarizing().read(trace)).as("seed %d, chunks of %d bytes", seed, chunk)
                        .doesNotThrowAnyException();
                StringBuilder direct = new StringBuilder();
                describe(simulator.trace(), direct);
                assertThat(direct.toString()).isEqualTo(outcome(inOrder).substring(outcome(inOrder).indexOf("trace ")));
            }
        }
    }

    @Test
    void eachProblemAloneIsFoundAsInOrder() throws IOException {
        for (int problem = 0; problem < EntityTraces.PROBLEM_KINDS; problem++) {
            for (long seed = 1; seed <= 6; seed++) {
                Path trace = EntityTraces.write(dir.resolve("problem-" + problem + "-" + seed + ".trace"), seed, 0, seed % 3 == 0,
                        problem);
                for (int chunk : new int[] {700, 1 << 16}) {
                    TraceLoader.Loaded inOrder = check(trace, false, chunk, 20);
                    assertThat(inOrder.valid()).as("problem %d, seed %d: invalid", problem, seed).isFalse();
                    assertThat(outcome(check(trace, true, chunk, 20)))
                            .as("problem %d, seed %d, chunks of %d bytes", problem, seed, chunk)
                            .isEqualTo(outcome(inOrder));
                }
            }
        }
    }

    @Test
    void tracesWithProblemsGiveTheSameProblems() throws IOException {
        int invalid = 0;
        for (long seed = 1; seed <= 24; seed++) {
            Path trace = EntityTraces.write(dir.resolve("errors-" + seed + ".trace"), seed, seed % 4 == 0 ? 0.0005 : 0.004, seed % 3 == 0);
            for (int chunk : new int[] {700, 1 << 16}) {
                for (int max : new int[] {1000, 2}) {
                    TraceLoader.Loaded inOrder = check(trace, false, chunk, max);
                    invalid += inOrder.valid() ? 0 : 1;
                    assertThat(outcome(check(trace, true, chunk, max)))
                            .as("seed %d, chunks of %d bytes, up to %d problems", seed, chunk, max)
                            .isEqualTo(outcome(inOrder));
                }
            }
        }
        assertThat(invalid).as("traces with problems").isGreaterThan(60);
    }

    /**
     * A chunk naming between 256 and 1024 distinct names, values among the last: the summarizer's look-up of values by
     * local id was sized for 256 ids while its others held 1024, and grew only past 1024 (an internal error, exit 70).
     */
    @Test
    void aChunkOfSeveralHundredNamesIsSummarized() throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append(EventDefs.of("""
                PajeDefineContainerType 0 Alias Type Name
                PajeDefineStateType 2 Alias Type Name
                PajeCreateContainer 6 Time Alias Type Container Name
                PajeSetState 11 Time Container Type Value
                """)).append("""
                0 T 0 Thread
                2 ST T State
                """);
        int threads = 400;
        for (int i = 0; i < threads; i++) {
            sb.append("6 0.000000 t").append(i).append(" T 0 thread-").append(i).append('\n');
        }
        for (int i = 0; i < threads; i++) { // 801 names: ST, t0..t399 and values v0..v399 (ids up to 800)
            sb.append("11 1.000000 t").append(i).append(" ST v").append(i).append('\n');
        }
        for (int i = 0; i < 2000; i++) {
            sb.append("11 2.000000 t1 ST v1\n");
        }
        Path trace = java.nio.file.Files.writeString(dir.resolve("names.trace"), sb);
        for (int chunk : new int[] {16 << 10, 1 << 20}) {
            TraceLoader.Loaded inOrder = check(trace, false, chunk, 20);
            assertThat(inOrder.problems()).isEmpty();
            assertThat(outcome(check(trace, true, chunk, 20))).as("chunks of %d bytes", chunk).isEqualTo(outcome(inOrder));
        }
    }
}
