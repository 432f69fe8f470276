package dev.paje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import dev.paje.read.Problem;
import dev.paje.testing.TraceMutator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded mutation fuzzing of the loader: the small valid traces of the shared corpus are damaged at
 * random ({@link TraceMutator}) and loaded both in validate mode and in fail-fast (dump) mode. Whatever the damage, the
 * loader must not throw, and every problem must be well located.
 *
 * <p>Every iteration draws from its own {@code Random(seed)}; a failure prints the seed. To replay
 * one, run {@code ./mvnw -pl core test -Dtest=MutationFuzzTest -Dpaje.fuzz.seed=SEED
 * -Dpaje.fuzz.trace=NAME.trace}.
 */
class MutationFuzzTest {
    private static final long BASE_SEED = 0x7A1E_5EEDL;
    /** Iterations per trace: about 30 small traces, so several thousand in all. */
    private static final int ITERATIONS = Integer.getInteger("paje.fuzz.iterations", 200);
    private static final int MAX_SIZE = 40 * 1024;
    private static final int MAX_PROBLEMS = 20;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> mutatedTracesNeverCrashTheLoader() throws IOException {
        // A skip inside a dynamic test (rather than in the factory) shows in the reports with its message.
        String shared = System.getProperty("paje.shared");
        if (shared == null || shared.isBlank()) {
            return skip("system property paje.shared is not set: skipping the mutation fuzzing");
        }
        Path valid = Path.of(shared, "traces", "valid");
        if (!Files.isDirectory(valid)) {
            return skip("shared corpus not found at " + valid + ": skipping the mutation fuzzing");
        }
        String onlyTrace = System.getProperty("paje.fuzz.trace");
        Long onlySeed = Long.getLong("paje.fuzz.seed");
        List<Path> traces;
        try (Stream<Path> s = Files.list(valid)) {
            traces = s.filter(p -> p.getFileName().toString().endsWith(".trace"))
                    .filter(p -> size(p) < MAX_SIZE)
                    .filter(p -> onlyTrace == null || p.getFileName().toString().equals(onlyTrace))
                    .sorted().toList();
        }
        if (traces.isEmpty()) {
            return skip("no trace under " + MAX_SIZE + " bytes in " + valid
                    + (onlyTrace == null ? "" : " named " + onlyTrace) + ": nothing to fuzz");
        }
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            byte[] original = Files.readAllBytes(t);
            String name = t.getFileName().toString();
            Path target = dir.resolve(name);
            long[] current = {0};
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                if (onlySeed != null) {
                    current[0] = onlySeed;
                    iteration(name, original, target, onlySeed, -1);
                    return;
                }
                for (int i = 0; i < ITERATIONS; i++) {
                    long seed = seedOf(name, i);
                    current[0] = seed;
                    iteration(name, original, target, seed, i);
                }
            }, () -> "loader too slow or stuck on a mutation of " + name + ", seed " + current[0]
                    + " (replay: -Dpaje.fuzz.trace=" + name + " -Dpaje.fuzz.seed=" + current[0] + ")");
        }));
    }

    private static Stream<DynamicTest> skip(String why) {
        return Stream.of(DynamicTest.dynamicTest("shared corpus", () -> Assumptions.abort(why)));
    }

    private static long seedOf(String name, int iteration) {
        return BASE_SEED ^ ((long) name.hashCode() << 20) ^ (iteration * 0x9E3779B97F4A7C15L);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    private static void iteration(String name, byte[] original, Path target, long seed, int iteration)
            throws IOException {
        TraceMutator.Mutant mutant = TraceMutator.mutate(original, seed);
        byte[] bytes = mutant.bytes();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        Files.write(target, bytes);
        long lines = TraceMutator.countLines(bytes);
        String context = "trace " + name + ", seed " + seed + ", iteration " + iteration + ", mutations " + mutant.applied()
                + " (replay: -Dpaje.fuzz.trace=" + name + " -Dpaje.fuzz.seed=" + seed + ")\n--- mutated text ("
                + bytes.length + " bytes, " + lines + " lines), first 2 KB ---\n"
                + text.substring(0, Math.min(2048, text.length()));

        TraceLoader.Loaded collected = load(TraceLoader.builder().collectProblems(MAX_PROBLEMS).build(), target,
                "validate mode", context);
        TraceLoader.Loaded failFast = load(TraceLoader.builder().build(), target, "fail-fast mode", context);

        check(collected, target, lines, "validate mode", context);
        check(failFast, target, lines, "fail-fast mode", context);
        assertThat(collected.problems().size()).as("validate mode keeps at most %d problems; %s", MAX_PROBLEMS, context)
                .isLessThanOrEqualTo(MAX_PROBLEMS);
        assertThat(failFast.problems().size()).as("fail-fast mode stops at the first problem; %s", context)
                .isLessThanOrEqualTo(1);
        assertThat(failFast.valid()).as("both modes agree on validity; %s", context).isEqualTo(collected.valid());
        if (!failFast.problems().isEmpty() && !collected.problems().isEmpty()) {
            assertThat(failFast.problems().get(0)).as("both modes report the same first problem; %s", context)
                    .isEqualTo(collected.problems().get(0));
        }
    }

    private static TraceLoader.Loaded load(TraceLoader loader, Path target, String mode, String context) {
        try {
            return loader.load(target);
        } catch (Throwable e) {
            java.io.StringWriter sw = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(sw));
            String trace = sw.toString();
            fail("loader threw in " + mode + ": " + e + "\n" + trace.substring(0, Math.min(3000, trace.length()))
                    + "\n" + context, e);
            throw new AssertionError(e); // unreachable
        }
    }

    private static void check(TraceLoader.Loaded loaded, Path target, long lines, String mode, String context) {
        assertThat(loaded).as("%s: a result; %s", mode, context).isNotNull();
        assertThat(loaded.problems()).as("%s: problems; %s", mode, context).isNotNull();
        if (loaded.complete()) {
            assertThat(loaded.trace()).as("%s: a complete load has a trace; %s", mode, context).isNotNull();
        }
        if (loaded.valid()) {
            assertThat(loaded.problems()).as("%s: valid means no problem; %s", mode, context).isEmpty();
        }
        List<Problem> all = new ArrayList<>(loaded.problems());
        all.addAll(loaded.warnings());
        for (Problem p : all) {
            assertThat(p.file()).as("%s: problem %s names a file; %s", mode, p, context).isNotNull();
            assertThat(p.line()).as("%s: line of problem %s; %s", mode, p, context).isGreaterThanOrEqualTo(0);
            assertThat(p.message()).as("%s: message of problem %s; %s", mode, p, context).isNotNull().isNotBlank();
            if (p.line() > 0 && p.file().equals(target.toString())) {
                assertThat(p.line()).as("%s: problem %s is past the last line (%d); %s", mode, p, lines, context)
                        .isLessThanOrEqualTo(lines);
            }
        }
    }
}
