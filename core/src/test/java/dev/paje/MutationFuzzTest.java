package dev.paje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import dev.paje.read.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded mutation fuzzing of the loader: the small valid traces of the shared corpus are damaged at
 * random (lines dropped, duplicated, swapped; truncation; fields swapped, deleted, duplicated; bytes
 * replaced) and loaded both in validate mode and in fail-fast (dump) mode. Whatever the damage, the
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
    private static final byte[] REPLACEMENTS = {'"', '#', '%', '\t', '\r', '\n', '0', '9', '.', '-', 'e', 'x'};

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
        Random random = new Random(seed);
        // ISO-8859-1 maps bytes to chars one to one, so mutations work on bytes.
        String text = new String(original, StandardCharsets.ISO_8859_1);
        List<String> applied = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int m = 0; m < count; m++) {
            text = mutate(text, random, applied);
        }
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        Files.write(target, bytes);
        long lines = countLines(bytes);
        String context = "trace " + name + ", seed " + seed + ", iteration " + iteration + ", mutations " + applied
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

    /** Lines as the reader counts them: one per '\n', plus an unterminated last line. */
    private static long countLines(byte[] bytes) {
        long n = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                n++;
            }
        }
        if (bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
            n++;
        }
        return n;
    }

    // ---------------------------------------------------------------- mutations

    private static String mutate(String text, Random r, List<String> applied) {
        int kind = r.nextInt(8);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        switch (kind) {
            case 0 -> { // drop a line
                int i = r.nextInt(lines.size());
                lines.remove(i);
                applied.add("drop line " + (i + 1));
                return String.join("\n", lines);
            }
            case 1 -> { // duplicate a line
                int i = r.nextInt(lines.size());
                lines.add(i, lines.get(i));
                applied.add("duplicate line " + (i + 1));
                return String.join("\n", lines);
            }
            case 2 -> { // swap two lines
                int i = r.nextInt(lines.size());
                int j = r.nextInt(lines.size());
                Collections.swap(lines, i, j);
                applied.add("swap lines " + (i + 1) + " and " + (j + 1));
                return String.join("\n", lines);
            }
            case 3 -> { // truncate at a random byte
                int at = text.isEmpty() ? 0 : r.nextInt(text.length());
                applied.add("truncate at byte " + at);
                return text.substring(0, at);
            }
            case 4, 5, 6 -> { // swap two fields, delete a field, duplicate a field
                int i = pickLineWithFields(lines, r, kind == 4 ? 2 : 1);
                if (i < 0) {
                    applied.add("(no line with fields)");
                    return text;
                }
                String line = lines.get(i);
                List<String> fields = new ArrayList<>(List.of(line.strip().split("[ \t]+")));
                int a = r.nextInt(fields.size());
                switch (kind) {
                    case 4 -> {
                        int b = r.nextInt(fields.size());
                        Collections.swap(fields, a, b);
                        applied.add("swap fields " + a + " and " + b + " of line " + (i + 1));
                    }
                    case 5 -> {
                        fields.remove(a);
                        applied.add("delete field " + a + " of line " + (i + 1));
                    }
                    default -> {
                        fields.add(a, fields.get(a));
                        applied.add("duplicate field " + a + " of line " + (i + 1));
                    }
                }
                lines.set(i, String.join(" ", fields));
                return String.join("\n", lines);
            }
            default -> { // replace a byte, or flip one of its bits
                if (text.isEmpty()) {
                    applied.add("(empty: no byte to replace)");
                    return text;
                }
                int at = r.nextInt(text.length());
                char c;
                if (r.nextInt(4) == 0) {
                    c = (char) ((text.charAt(at) ^ (1 << r.nextInt(8))) & 0xFF);
                    applied.add("flip a bit of byte " + at + " to 0x" + Integer.toHexString(c));
                } else {
                    c = (char) REPLACEMENTS[r.nextInt(REPLACEMENTS.length)];
                    applied.add("replace byte " + at + " with " + printable(c));
                }
                return text.substring(0, at) + c + text.substring(at + 1);
            }
        }
    }

    private static int pickLineWithFields(List<String> lines, Random r, int minFields) {
        for (int attempt = 0; attempt < 20; attempt++) {
            int i = r.nextInt(lines.size());
            String s = lines.get(i).strip();
            if (!s.isEmpty() && s.split("[ \t]+").length >= minFields) {
                return i;
            }
        }
        return -1;
    }

    private static String printable(char c) {
        return switch (c) {
            case '\t' -> "'\\t'";
            case '\r' -> "'\\r'";
            case '\n' -> "'\\n'";
            default -> "'" + c + "'";
        };
    }
}
