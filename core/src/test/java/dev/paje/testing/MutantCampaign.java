package dev.paje.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * A seeded mutation campaign over the shared corpus's small valid traces ({@link TraceMutator}): one dynamic test per
 * trace, running its share of the mutants and listing every one that failed, with its seed.
 * {@code -Dpaje.fuzz.trace=NAME.trace} and {@code -Dpaje.fuzz.seed=SEED} replay one mutant.
 */
public final class MutantCampaign {
    /** Traces up to this size: the corpus's small ones, so that thousands of mutants take seconds. */
    public static final int MAX_SIZE = 40 * 1024;

    /** One mutant's run: null when it ended as it should, else why (the campaign adds how to replay it). */
    public interface Mutant {
        String run(Path original, String name, long seed) throws Exception;
    }

    private MutantCampaign() {
    }

    /** {@code mutants} in all, spread over the traces, each from its own seed derived from {@code baseSeed}. */
    public static Stream<DynamicTest> run(int mutants, long baseSeed, Mutant mutant) throws IOException {
        String onlyTrace = System.getProperty("paje.fuzz.trace");
        Long onlySeed = Long.getLong("paje.fuzz.seed");
        List<Path> traces = Corpus.traces("valid").stream().filter(p -> size(p) < MAX_SIZE)
                .filter(p -> onlyTrace == null || p.getFileName().toString().equals(onlyTrace)).toList();
        assertThat(traces).as("small traces to mutate in the shared corpus").isNotEmpty();
        int perTrace = onlySeed != null ? 1 : (mutants + traces.size() - 1) / traces.size();
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            String name = t.getFileName().toString();
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < perTrace; i++) {
                long seed = onlySeed != null ? onlySeed
                        : baseSeed ^ ((long) name.hashCode() << 20) ^ (i * 0x9E3779B97F4A7C15L);
                String failure = mutant.run(t, name, seed);
                if (failure != null) {
                    failures.add(failure + "\n(replay: -Dpaje.fuzz.trace=" + name + " -Dpaje.fuzz.seed=" + seed + ")");
                }
            }
            assertThat(failures).as("mutants of %s that failed (%d of %d)", name, failures.size(), perTrace).isEmpty();
        }));
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
