package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.testing.PajeHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Small broken traces written here, one problem each, checked at the command line level: both
 * {@code validate} and {@code dump} must exit with 1 and name the file and the exact line of the
 * problem, with a message that says what was expected and what was found, and no stack trace.
 */
class BadTraceTest {

    /** Every event this test uses: ids 0..15 (15 creates a container without an alias). */
    private static final List<String> HEADER = new PajeHeader()
            .define(0, "PajeDefineContainerType").define(1, "PajeDefineStateType").define(2, "PajeDefineEventType")
            .define(3, "PajeDefineVariableType").define(4, "PajeDefineLinkType").define(5, "PajeCreateContainer")
            .define(6, "PajeDestroyContainer").define(7, "PajeSetState").define(8, "PajePushState").define(9, "PajePopState")
            .define(10, "PajeNewEvent").define(11, "PajeSetVariable").define(12, "PajeAddVariable").define(13, "PajeStartLink")
            .define(14, "PajeEndLink")
            .define(15, "PajeCreateContainer", "Time date", "Type string", "Container string", "Name string") // without an alias
            .lines();

    /** The type tree and three containers: machine m1 holding processes p1 and p2. */
    private static final List<String> PREAMBLE = List.of(
            "0 M 0 Machine",
            "0 P M Process",
            "1 S P State",
            "2 E P Event",
            "3 V P Var",
            "4 L M P P Link",
            "5 0.0 m1 M 0 machine1",
            "5 0.0 p1 P m1 proc1",
            "5 0.0 p2 P m1 proc2");

    /** A valid body using every kind of entity. */
    private static final List<String> VALID_BODY = List.of(
            "7 1.0 S p1 Run",
            "8 1.5 S p1 Nested",
            "9 1.8 S p1",
            "10 1.5 E p1 boom",
            "11 1.0 V p1 3",
            "12 2.0 V p1 1",
            "13 1.0 L m1 p1 msg k1",
            "14 2.0 L m1 p2 msg k1",
            "6 3.0 P p2");

    @TempDir
    Path dir;

    // ---------------------------------------------------------------- one problem per trace

    /** One broken trace: its text, the line its first problem must name, the words the message must hold. */
    record Bad(String file, String text, long line, List<String> words) {
        /** The same, whose message must also name the line of {@code earlier} (where the conflict began). */
        Bad alsoNaming(String earlier) {
            List<String> more = new ArrayList<>(words);
            more.add("line " + lineOf(text, earlier));
            return new Bad(file, text, line, more);
        }

        @Override
        public String toString() {
            return file;
        }
    }

    /** A trace of the preamble and {@code body}, whose first problem is at its line {@code at}. */
    private static Bad bad(String file, List<String> body, String at, String... words) {
        return at(file, trace(body.toArray(String[]::new)), at, words);
    }

    /** The same for a trace given whole. */
    private static Bad at(String file, String text, String at, String... words) {
        return new Bad(file, text, lineOf(text, at), List.of(words));
    }

    static Stream<Bad> badTraces() {
        String truncated = trace("7 1.0 S p1 Run", "7 2.0 S p1");
        return Stream.of(
                // whole-file problems: line 0 is the file itself; a header without events is about its last line
                new Bad("empty.trace", "", 0, List.of("empty")),
                new Bad("header-only.trace", String.join("\n", HEADER) + "\n", HEADER.size(), List.of("header", "no events")),
                // header and tokens
                bad("unfinished-def.trace", List.of("7 1.0 S p1 Run", "%EventDef PajeNewEvent 20", "% Time date", "% Type string"),
                        "%EventDef PajeNewEvent 20", "unfinished", "%EndEventDef"),
                // an %EventDef left open mid-file: the event lines after it sit inside it; the first is where reading goes wrong
                bad("unfinished-def-middle.trace", List.of("7 1.0 S p1 Run", "%EventDef PajeNewEvent 20", "% Time date",
                        "10 2.0 E p1 boom", "7 3.0 S p1 Idle"), "10 2.0 E p1 boom", "unfinished", "%EndEventDef")
                        .alsoNaming("%EventDef PajeNewEvent 20"),
                at("truncated.trace", truncated.substring(0, truncated.length() - 1), "7 2.0 S p1",
                        "PajeSetState", "expects 4", "found 3"), // no final newline
                bad("too-few.trace", List.of("7 1.0 S p1", "10 1.5 E p1 boom"), "7 1.0 S p1", "PajeSetState", "expects 4", "found 3"),
                bad("too-many.trace", List.of("7 1.0 S p1 Run extra", "10 1.5 E p1 boom"), "7 1.0 S p1 Run extra",
                        "PajeSetState", "expects 4", "found 5"),
                bad("bad-time.trace", List.of("7 1.0 S p1 Run", "10 abc E p1 boom"), "10 abc E p1 boom", "time", "'abc'", "expected a number"),
                bad("bad-value.trace", List.of("11 1.0 V p1 lots", "7 1.0 S p1 Run"), "11 1.0 V p1 lots",
                        "variable value", "'lots'", "expected a number"),
                bad("unknown-id.trace", List.of("7 1.0 S p1 Run", "99 1.5 E p1 boom"), "99 1.5 E p1 boom", "unknown event id", "'99'", "%EventDef"),
                // four-digit ids take the header's fast lookup path; those above its table must still be "unknown"
                bad("unknown-id-4096.trace", List.of("7 1.0 S p1 Run", "4096 1.5 E p1 boom"), "4096 1.5 E p1 boom", "unknown event id", "'4096'"),
                bad("unknown-id-5000.trace", List.of("7 1.0 S p1 Run", "5000 1.5 E p1 boom"), "5000 1.5 E p1 boom", "unknown event id", "'5000'"),
                bad("unknown-id-9999.trace", List.of("7 1.0 S p1 Run", "9999 1.5 E p1 boom"), "9999 1.5 E p1 boom", "unknown event id", "'9999'"),
                bad("unterminated.trace", List.of("7 1.0 S p1 Run", "5 1.0 p3 P m1 \"proc three"), "5 1.0 p3 P m1 \"proc three",
                        "unterminated", "quoted", "expected"),
                // definitions may come anywhere, but an event line may only use the ones above it
                bad("late-definition.trace", List.of("7 1.0 S p1 Run", "20 1.5 E p1 early", "%EventDef PajeNewEvent 20", "% Time date",
                        "% Type string", "% Container string", "% Value string", "%EndEventDef", "20 2.0 E p1 ok"),
                        "20 1.5 E p1 early", "unknown event id", "'20'"),
                // names
                bad("unknown-container-type.trace", List.of("7 1.0 S p1 Run", "5 1.0 p3 Nope m1 proc3"), "5 1.0 p3 Nope m1 proc3",
                        "unknown container type", "'Nope'"),
                bad("unknown-state-type.trace", List.of("7 1.0 S p1 Run", "7 2.0 Nope p1 Run"), "7 2.0 Nope p1 Run", "unknown state type", "'Nope'"),
                bad("unknown-container.trace", List.of("7 1.0 S p1 Run", "7 1.0 S nobody Run"), "7 1.0 S nobody Run",
                        "unknown container", "'nobody'"),
                // "0" is the type of the root container; no other container may be created with it
                bad("root-type.trace", List.of("7 1.0 S p1 Run", "5 1.0 p3 0 m1 proc3"), "5 1.0 p3 0 m1 proc3", "type"),
                bad("duplicate-name.trace", List.of("15 1.0 P m1 procX", "7 1.0 S p1 Run", "15 1.5 P m1 procX"), "15 1.5 P m1 procX",
                        "duplicate container", "'procX'").alsoNaming("15 1.0 P m1 procX"),
                bad("duplicate-alias.trace", List.of("7 1.0 S p1 Run", "5 1.5 p1 P m1 procY"), "5 1.5 p1 P m1 procY", "alias", "'p1'", "already"),
                // simulation
                bad("pop-empty.trace", List.of("7 1.0 S p2 Run", "9 1.0 S p1"), "9 1.0 S p1", "PajePopState", "empty"),
                bad("after-destroy.trace", List.of("7 1.0 S p1 Run", "6 2.0 P p1", "10 3.0 E p1 boom"), "10 3.0 E p1 boom", "destroyed")
                        .alsoNaming("6 2.0 P p1"),
                bad("backwards.trace", List.of("7 2.0 S p1 Run", "7 1.0 S p1 Idle"), "7 1.0 S p1 Idle", "time-ordered", "1.0", "2.0"),
                bad("early-destroy.trace", List.of("7 3.0 S p1 Run", "6 2.0 P p1"), "6 2.0 P p1", "destroyed", "time-ordered", "3.0"),
                bad("link-value.trace", List.of("13 1.0 L m1 p1 msg k1", "14 2.0 L m1 p2 other k1"), "14 2.0 L m1 p2 other k1",
                        "'k1'", "'msg'", "'other'").alsoNaming("13 1.0 L m1 p1 msg k1"),
                bad("incomplete-link-end.trace", List.of("7 1.0 S p1 Run", "14 2.0 L m1 p2 msg k9"), "14 2.0 L m1 p2 msg k9",
                        "incomplete link", "'k9'", "-z"),
                bad("add-before-set.trace", List.of("7 1.0 S p1 Run", "12 1.0 V p1 3"), "12 1.0 V p1 3", "PajeAddVariable", "PajeSetVariable"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTraces")
    void problemIsNamedAtItsLine(Bad bad) throws IOException {
        expectProblem(write(bad.file(), bad.text()), bad.line(), bad.words().toArray(String[]::new));
    }

    @Test
    void incompleteLinkEndWithoutStartIsValidWithDashZ() throws IOException {
        Path t = write("incomplete-link-end.trace", trace("7 1.0 S p1 Run", "14 2.0 L m1 p2 msg k9"));
        assertThat(CliRun.run("validate", "-z", t.toString()).exit()).as("validate -z").isZero();
    }

    @Test
    void validTraceWithFourDigitEventIds() throws IOException {
        // Any token may be an event id; 4096 and 9999 are as good as 10.
        List<String> all = new ArrayList<>(HEADER);
        all.addAll(new PajeHeader().define(4096, "PajeNewEvent").define(9999, "PajeNewEvent").lines());
        all.addAll(PREAMBLE);
        all.addAll(VALID_BODY);
        all.add("4096 2.5 E p1 late");
        all.add("9999 2.6 E p1 later");
        Path t = write("four-digit-ids.trace", String.join("\n", all) + "\n");
        CliRun.Result d = expectValid(t);
        assertThat(d.out()).contains("Event, proc1, Event, 2.500000, late").contains("Event, proc1, Event, 2.600000, later");
    }

    @Test
    void traceFileNamingADirectory() throws IOException {
        // README: a missing PajeTraceFile is a warning at its line. A directory is no better a trace file:
        // the user must at least be told which line names it, not that the trace itself cannot be read.
        Files.createDirectories(dir.resolve("sub"));
        List<String> all = new ArrayList<>(HEADER);
        all.addAll(new PajeHeader().define(16, "PajeTraceFile", "Filename string").lines());
        all.addAll(PREAMBLE);
        all.add("7 1.0 S p1 Run");
        all.add("16 \"sub\"");
        String text = String.join("\n", all) + "\n";
        Path t = write("include-dir.trace", text);
        long line = lineOf(text, "16 \"sub\"");
        for (String command : List.of("validate", "dump")) {
            CliRun.Result r = CliRun.run(command, t.toString());
            assertNoStackTrace(r);
            assertThat(r.err()).as("%s: the PajeTraceFile line must be named\n%s", command, r)
                    .contains(t + ":" + line + ": ")
                    .doesNotContain(t + ": cannot read");
        }
    }

    @Test
    void incompleteLinkAndDashZ() throws IOException {
        String text = trace("13 1.0 L m1 p1 msg k1", "7 2.0 S p1 Run");
        Path t = write("incomplete-link.trace", text);
        expectProblem(t, lineOf(text, "13 1.0 L m1 p1 msg k1"), "incomplete link", "'k1'", "-z");

        CliRun.Result v = CliRun.run("validate", "-z", t.toString());
        assertThat(v.exit()).as("validate -z on an incomplete link\n%s", v).isZero();
        assertNoStackTrace(v);
        assertThat(v.out()).as("validate -z\n%s", v).contains("valid");
        CliRun.Result d = CliRun.run("dump", "-z", t.toString());
        assertThat(d.exit()).as("dump -z on an incomplete link\n%s", d).isZero();
        assertNoStackTrace(d);
        assertThat(d.out()).as("dump -z\n%s", d).contains("Container, 0, Machine, 0, 2, 2, machine1")
                .contains("State, proc1, State, 2.000000");
    }

    // ---------------------------------------------------------------- valid variants

    @Test
    void validTraceIsValid() throws IOException {
        Path t = write("valid.trace", trace(VALID_BODY.toArray(String[]::new)));
        expectValid(t);
    }

    @Test
    void crlfLineEndingsWithoutFinalNewlineAreValid() throws IOException {
        String lf = trace(VALID_BODY.toArray(String[]::new));
        String crlf = lf.replace("\n", "\r\n");
        crlf = crlf.substring(0, crlf.length() - 2); // no final line terminator
        Path plain = write("valid-lf.trace", lf);
        Path dos = write("valid-crlf.trace", crlf);
        CliRun.Result expected = expectValid(plain);
        CliRun.Result actual = expectValid(dos);
        assertThat(actual.out()).as("dump of the CRLF trace must equal the dump of the LF trace").isEqualTo(expected.out());
    }

    @Test
    void timeOrderIsCheckedPerContainerAndType() throws IOException {
        // Going back in time on another container, or on another type, is allowed (as pj_dump does).
        Path t = write("per-container-order.trace", trace("7 2.0 S p1 Run", "7 1.0 S p2 Idle", "11 0.5 V p1 3",
                "10 1.5 E p1 boom", "13 1.0 L m1 p1 msg k1", "14 2.0 L m1 p2 msg k1"));
        CliRun.Result v = CliRun.run("validate", t.toString());
        assertNoStackTrace(v);
        assertThat(v.exit()).as("validate\n%s", v).isZero();
    }

    @Test
    void problemInACrlfTrace() throws IOException {
        String lf = trace("7 1.0 S p1 Run", "10 abc E p1 boom", "7 2.0 S p1 Idle");
        String crlf = lf.replace("\n", "\r\n");
        Path t = write("bad-time-crlf.trace", crlf);
        expectProblem(t, lineOf(lf, "10 abc E p1 boom"), "time", "'abc'");
        CliRun.Result v = CliRun.run("validate", t.toString());
        assertThat(v.err()).as("the offending line is shown without its CR\n%s", v)
                .contains("\n    10 abc E p1 boom\n").doesNotContain("\r");
    }

    // ---------------------------------------------------------------- validate keeps going

    @Test
    void validateReportsTwoIndependentProblems() throws IOException {
        String text = trace("7 1.0 S p1 Run", "10 abc E p1 boom", "7 2.0 S p1 Idle", "7 3.0 S nobody Run",
                "7 4.0 S p1 Run");
        Path t = write("two-problems.trace", text);
        long first = lineOf(text, "10 abc E p1 boom");
        long second = lineOf(text, "7 3.0 S nobody Run");

        CliRun.Result v = CliRun.run("validate", t.toString());
        assertThat(v.exit()).as("validate\n%s", v).isEqualTo(1);
        assertNoStackTrace(v);
        List<String> problems = problemLines(v.err(), t);
        assertThat(problems).as("validate must report both problems\n%s", v).hasSizeGreaterThanOrEqualTo(2);
        assertThat(problems.get(0)).as("first problem\n%s", v).startsWith(t + ":" + first + ": ");
        assertThat(problems.get(1)).as("second problem\n%s", v).startsWith(t + ":" + second + ": ");
        assertThat(v.err()).as("summary\n%s", v).contains("2 problems");

        CliRun.Result d = CliRun.run("dump", t.toString());
        assertThat(d.exit()).as("dump\n%s", d).isEqualTo(1);
        assertNoStackTrace(d);
        assertThat(d.err()).as("dump stops at the first problem\n%s", d)
                .contains(t + ":" + first + ": ").doesNotContain(t + ":" + second + ": ");
    }

    @Test
    void lineNumbersStayExactFarIntoALargeTrace() throws IOException {
        // About 10 MB: the reader works in blocks and may split the file in chunks read by several threads,
        // so problems sit on the lines that cross the 1, 4 and 8 MB offsets, and near the end.
        List<String> all = new ArrayList<>(HEADER);
        all.addAll(PREAMBLE);
        int firstBody = all.size();
        for (int i = 0; i < 450_000; i++) {
            all.add(String.format(java.util.Locale.ROOT, "10 %.3f E p1 ev%d", 1.0 + i * 0.001, i % 7));
        }
        long[] offsets = {1L << 20, 4L << 20, 8L << 20};
        List<Integer> bad = new ArrayList<>();
        long offset = 0;
        int o = 0;
        for (int i = 0; i < all.size() && o < offsets.length; i++) {
            long next = offset + all.get(i).length() + 1;
            if (i >= firstBody && next > offsets[o]) {
                all.set(i, "10 abc" + o + " E p1 boom");
                bad.add(i + 1);
                o++;
            }
            offset = next;
        }
        assertThat(bad).as("test bug: the trace is too small").hasSize(offsets.length);
        int nearEnd = all.size() - 3;
        all.set(nearEnd, "10 600.0 E nobody boom");
        bad.add(nearEnd + 1);
        Path t = write("large.trace", String.join("\n", all) + "\n");

        CliRun.Result v = CliRun.run("validate", t.toString());
        assertNoStackTrace(v);
        assertThat(v.exit()).as("validate\n%s", v).isEqualTo(1);
        List<String> problems = problemLines(v.err(), t);
        assertThat(problems).as("validate\n%s", v).hasSizeGreaterThanOrEqualTo(bad.size());
        for (int k = 0; k < bad.size(); k++) {
            assertThat(problems.get(k)).as("problem %d\n%s", k + 1, v).startsWith(t + ":" + bad.get(k) + ": ")
                    .contains(k < offsets.length ? "'abc" + k + "'" : "'nobody'");
        }

        CliRun.Result d = CliRun.run("dump", t.toString());
        assertNoStackTrace(d);
        assertThat(d.exit()).as("dump\n%s", d).isEqualTo(1);
        assertThat(problemLines(d.err(), t)).as("dump\n%s", d).isNotEmpty();
        assertThat(problemLines(d.err(), t).get(0)).as("dump\n%s", d).startsWith(t + ":" + bad.get(0) + ": ");
    }

    @Test
    void missingFile() throws IOException {
        Path missing = dir.resolve("does-not-exist.trace");
        for (String command : List.of("validate", "dump")) {
            CliRun.Result r = CliRun.run(command, missing.toString());
            assertThat(r.exit()).as("%s on a missing file: an I/O error\n%s", command, r).isEqualTo(4);
            assertNoStackTrace(r);
            assertThat(r.err()).as("%s on a missing file\n%s", command, r)
                    .contains(missing.toString()).containsIgnoringCase("no such file");
        }
        // validate goes on with the next trace after a missing one
        Path valid = write("valid.trace", trace(VALID_BODY.toArray(String[]::new)));
        CliRun.Result r = CliRun.run("validate", missing.toString(), valid.toString());
        assertThat(r.exit()).as("validate missing + valid\n%s", r).isEqualTo(4);
        assertThat(r.out()).as("validate missing + valid\n%s", r).contains(valid + ": valid");
    }

    // ---------------------------------------------------------------- helpers

    /** The header, the preamble and {@code body}, one line each, with a final newline. */
    private static String trace(String... body) {
        List<String> all = new ArrayList<>(HEADER);
        all.addAll(PREAMBLE);
        all.addAll(Arrays.asList(body));
        return String.join("\n", all) + "\n";
    }

    /** 1-based number of the one line of {@code text} that is exactly {@code line}. */
    private static long lineOf(String text, String line) {
        String[] lines = text.split("\r?\n", -1);
        long found = -1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].equals(line)) {
                assertThat(found).as("test bug: line '%s' occurs twice", line).isEqualTo(-1);
                found = i + 1;
            }
        }
        assertThat(found).as("test bug: no line '%s'", line).isPositive();
        return found;
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, text.getBytes(StandardCharsets.UTF_8));
        return p;
    }

    /**
     * Runs validate and dump on {@code trace}: both must exit with 1, print no stack trace, and print as
     * their first problem {@code FILE:LINE: message} (or {@code FILE: message} for line 0, a problem of the
     * whole file) with every one of {@code words} in the message.
     */
    private static void expectProblem(Path trace, long line, String... words) {
        String prefix = line > 0 ? trace + ":" + line + ": " : trace + ": ";
        for (String command : List.of("validate", "dump")) {
            CliRun.Result r = CliRun.run(command, trace.toString());
            assertNoStackTrace(r);
            assertThat(r.exit()).as("exit code of %s\n%s", command, r).isEqualTo(1);
            List<String> problems = problemLines(r.err(), trace);
            assertThat(problems).as("%s must print a problem as FILE:LINE: message\n%s", command, r).isNotEmpty();
            String first = problems.get(0);
            assertThat(first).as("%s: first problem must name line %d\n%s", command, line, r).startsWith(prefix);
            String message = first.substring(prefix.length());
            for (String w : words) {
                assertThat(message).as("%s: message of the problem\n%s", command, r).containsIgnoringCase(w);
            }
            if (command.equals("dump")) {
                assertThat(r.out()).as("dump prints nothing on stdout for a bad trace\n%s", r).isEmpty();
            }
        }
    }

    /** Runs validate and dump on a trace that must be valid; returns the dump. */
    private static CliRun.Result expectValid(Path trace) {
        CliRun.Result v = CliRun.run("validate", trace.toString());
        assertNoStackTrace(v);
        assertThat(v.exit()).as("validate on a valid trace\n%s", v).isZero();
        assertThat(v.err()).as("validate on a valid trace\n%s", v).isEmpty();
        assertThat(v.out()).as("validate on a valid trace\n%s", v).contains(trace + ": valid");
        CliRun.Result d = CliRun.run("dump", trace.toString());
        assertNoStackTrace(d);
        assertThat(d.exit()).as("dump on a valid trace\n%s", d).isZero();
        assertThat(d.err()).as("dump on a valid trace\n%s", d).isEmpty();
        assertThat(d.out()).as("dump on a valid trace\n%s", d)
                .contains("Container, 0, Machine, 0, 3, 3, machine1")
                .contains("State, proc1, State, 1.000000, 3.000000, 2.000000, 0.000000, Run")
                .contains("Link, machine1, Link, 1.000000, 2.000000, 1.000000, msg, proc1, proc2, k1");
        return d;
    }

    /** Lines of {@code err} that start with the trace's name followed by a colon: the problems (and summary). */
    private static List<String> problemLines(String err, Path trace) {
        List<String> lines = new ArrayList<>();
        for (String l : err.split("\r?\n")) {
            if (l.startsWith(trace + ":")) {
                lines.add(l);
            }
        }
        return lines;
    }

    private static void assertNoStackTrace(CliRun.Result r) {
        assertThat(r.err()).as("no crash (stack trace, exception, internal error)\n%s", r).doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContainIgnoringCase("internal error");
        assertThat(r.out()).as("no crash (stack trace, exception)\n%s", r).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.exit()).as("exit code 70 is an internal error\n%s", r).isNotEqualTo(70);
    }
}
