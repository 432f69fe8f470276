package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads the hand-written traces of {@code src/test/resources/causal}, traces given as text, and the shared corpus. */
final class CausalTraces {
    private CausalTraces() {
    }

    static String text(String resource) throws IOException {
        try (InputStream in = CausalTraces.class.getResourceAsStream("/causal/" + resource)) {
            assertThat(in).as("resource %s", resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The container of a line of the generated traces that carries a time to shift (its fields split at
     * spaces: event ids 5, 6, 8, 9, 13 and 14), or null for any other line.
     */
    private static String timedContainer(String[] fields) {
        if (fields.length < 2 || !fields[0].matches("5|6|8|9|13|14")) {
            return null;
        }
        return switch (fields[0]) {
            case "5" -> fields[2];
            case "13", "14" -> fields[4];
            default -> fields[3];
        };
    }

    /** What a test checks at a line carrying a time: its number (from 0), its fields before and after, its container. */
    interface TimedLine {
        void check(int line, String[] before, String[] after, String container);
    }

    /**
     * Checks that {@code after} (a rewritten {@code before}) has the lines of {@code before}, each
     * one unchanged unless it carries a time, and calls {@code timed} at each line that does.
     */
    static void eachTimedLine(String before, String after, TimedLine timed) {
        String[] b = before.split("\n", -1);
        String[] a = after.split("\n", -1);
        assertThat(a).hasSameSizeAs(b);
        for (int i = 0; i < b.length; i++) {
            String[] fb = b[i].split(" ");
            String container = timedContainer(fb);
            if (container == null) {
                assertThat(a[i]).isEqualTo(b[i]);
            } else {
                timed.check(i, fb, a[i].split(" "), container);
            }
        }
    }

    static Trace load(String text) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build()
                .load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test.trace", Path.of("."));
        assertThat(loaded.problems()).as("problems of the test trace").isEmpty();
        assertThat(loaded.valid()).isTrue();
        return loaded.trace();
    }

    /** A trace of the shared corpus, read (with the 2003 names for legacy/), valid and in one file. */
    record CorpusTrace(Path file, boolean legacy, Trace trace) {
    }

    /** A check of one corpus trace. */
    interface CorpusCheck {
        void check(CorpusTrace t) throws IOException;
    }

    /** Runs {@code check} over the valid and legacy corpus traces that are valid and in one file; how many it checked. */
    static int eachCorpusTrace(CorpusCheck check) throws IOException {
        int checked = 0;
        for (String folder : new String[] {"valid", "legacy"}) {
            boolean legacy = folder.equals("legacy");
            for (Path file : Corpus.traces(folder)) {
                TraceLoader.Loaded loaded = TraceLoader.builder().legacyNames(legacy).build().load(file);
                if (!loaded.valid() || Files.readString(file, StandardCharsets.ISO_8859_1).contains("PajeTraceFile")) {
                    continue;
                }
                check.check(new CorpusTrace(file, legacy, loaded.trace()));
                checked++;
            }
        }
        return checked;
    }

    /** Rewriting the trace's file with {@code fix} changes no line: the output is the input, byte for byte. */
    static void assertRewrittenIdentical(ClockFix fix, CorpusTrace t) throws IOException {
        byte[] in = Files.readAllBytes(t.file());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long changed = new ClockRewriter(fix, t.legacy(), t.file().toString()).rewrite(new ByteArrayInputStream(in), out);
        assertThat(changed).as("%s", t.file()).isZero();
        assertThat(out.toByteArray()).as("%s", t.file()).isEqualTo(in);
    }

    /** The sender and receiver of generated message {@code i}: a ring first, so every process is linked, then random pairs. */
    static int[] messageEnds(java.util.Random rnd, int i, int processes) {
        int a = rnd.nextInt(processes);
        int b = (a + 1 + rnd.nextInt(processes - 1)) % processes;
        return i < processes ? new int[] {i, (i + 1) % processes} : new int[] {a, b};
    }

    /** Process {@code p}'s clock: the time it writes for true time {@code x}. */
    interface Clock {
        double at(double x, int p);
    }

    /** The machines m0.. and processes q0.. (q{@code p} on machine {@code p % machines}, in state Run) of a generated trace. */
    static void containers(StringBuilder sb, int machines, int processes, Clock t) {
        for (int m = 0; m < machines; m++) {
            sb.append("5 -20 m").append(m).append(" M 0 machine").append(m).append('\n');
        }
        for (int p = 0; p < processes; p++) {
            sb.append("5 ").append(t.at(-10, p)).append(" q").append(p).append(" P m").append(p % machines)
                    .append(" proc").append(p).append('\n');
            sb.append("8 ").append(t.at(-5, p)).append(" S q").append(p).append(" Run\n");
        }
    }

    static Trace resource(String name) throws IOException {
        return load(text(name));
    }

    /** The container called {@code name} (test traces give every container a distinct name). */
    static Container named(Trace trace, String name) {
        return trace.containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
