package dev.paje.cli;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paje.testing.MutantCampaign;
import dev.paje.testing.TraceMutator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line on damaged traces, as a user meets it: at least 1,000 seeded mutants of the shared
 * corpus's small traces ({@link TraceMutator}: byte flips, truncation, dropped and duplicated lines,
 * huge numbers, wrong field counts) through {@code paje validate} and {@code paje dump}. Each must end
 * within 5 s with exit 0 or 1, print no stack trace, and, when it exits 1, name the problem as
 * {@code FILE:LINE}; and 300 more through the other commands ({@link #theOtherCommandsEndCleanlyOnMutants}).
 * Failures list their seeds; replay one with
 * {@code -Dtest=MutationCliTest -Dpaje.fuzz.trace=NAME.trace -Dpaje.fuzz.seed=SEED}.
 */
class MutationCliTest {
    private static final int MUTANTS = Integer.getInteger("paje.fuzz.cli.mutants", 1000);
    private static final long BASE_SEED = 0xC11_F022L;
    /** A stack frame or an exception's class name in what the user sees. */
    private static final Pattern STACK_TRACE = Pattern.compile("\\tat |Exception\\b|\\bError:|\\.java:\\d+\\)");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyMutantEndsCleanlyWithALocatedProblem() throws IOException {
        return MutantCampaign.run(MUTANTS, BASE_SEED,
                (original, name, seed) -> runMutant(name, Files.readAllBytes(original), seed));
    }

    /**
     * The commands past the reader, whose own code meets what the reader let through (some mutants stay valid or are
     * read leniently): {@code stats}, {@code render}, {@code export}, {@code cut}, {@code causality} and {@code equals}
     * end within 10 s with exit 0, 1 or 2 (a window a damaged trace no longer covers is a usage error), and print no
     * stack trace and no internal error. {@code -Dpaje.fuzz.commands.mutants=N} in all (default 300).
     */
    @TestFactory
    Stream<DynamicTest> theOtherCommandsEndCleanlyOnMutants() throws IOException {
        return MutantCampaign.run(Integer.getInteger("paje.fuzz.commands.mutants", 300), 0xC0_11A2DL, this::runCommand);
    }

    private String runCommand(Path original, String name, long seed) throws IOException {
        TraceMutator.Mutant mutant = TraceMutator.mutate(Files.readAllBytes(original), seed);
        Path file = dir.resolve(name);
        Files.write(file, mutant.bytes());
        Path out = dir.resolve("out-" + Long.toHexString(seed));
        String f = file.toString();
        String[] args = switch ((int) Math.floorMod(seed, 9L)) {
            case 0 -> new String[] {"stats", "--no-cache", f};
            case 1 -> new String[] {"stats", "--no-cache", "-f", "csv", "-g", "0", f};
            case 2 -> new String[] {"render", "--no-cache", f, "-o", out + ".svg"};
            case 3 -> new String[] {"export", "--no-cache", f, "-f", "csv", "-o", out.toString()};
            case 4 -> new String[] {"export", "--no-cache", f, "-f", "json", "-o", out + ".json"};
            case 5 -> new String[] {"export", "--no-cache", f, "-f", "chrome", "-o", out + ".chrome.json"};
            case 6 -> new String[] {"cut", "--no-cache", f, "-s", "0.5", "-e", "3", "-o", out + ".trace"};
            case 7 -> new String[] {"causality", "--no-cache", f};
            default -> new String[] {"equals", "--no-cache", original.toString(), f};
        };
        String replay = "paje " + String.join(" ", args).replace(dir + "/", "") + " on " + mutant.applied()
                + " (-Dtest=MutationCliTest#theOtherCommandsEndCleanlyOnMutants)";
        CliRun.Result r;
        try {
            r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> CliRun.run(args));
        } catch (AssertionError timeout) {
            return "took more than 10 s: " + replay;
        }
        if (r.exit() != ExitCodes.OK && r.exit() != ExitCodes.TRACE && r.exit() != ExitCodes.USAGE) {
            return "exit " + r.exit() + ": " + replay + "\n" + r.err();
        }
        if (STACK_TRACE.matcher(r.err()).find() || r.err().contains("internal error")) {
            return "a stack trace or an internal error on stderr: " + replay + "\n" + r.err();
        }
        return null;
    }

    /** Null when the mutant ended cleanly, else why, with its seed. */
    private String runMutant(String name, byte[] original, long seed) throws IOException {
        TraceMutator.Mutant mutant = TraceMutator.mutate(original, seed);
        Path file = dir.resolve(name);
        Files.write(file, mutant.bytes());
        String command = (seed & 1) == 0 ? "validate" : "dump";
        String replay = "paje " + command + " on " + mutant.applied();
        CliRun.Result r;
        try {
            r = assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> CliRun.run(command, "--no-cache", file.toString()));
        } catch (AssertionError timeout) {
            return "took more than 5 s: " + replay;
        }
        if (r.exit() != ExitCodes.OK && r.exit() != ExitCodes.TRACE) {
            return "exit " + r.exit() + ": " + replay + "\n" + r.err();
        }
        if (STACK_TRACE.matcher(r.err()).find()) {
            return "a stack trace or exception name on stderr: " + replay + "\n" + r.err();
        }
        // a mutant cut down to nothing has no line to point at: its problem is the file's
        boolean nothingLeft = new String(mutant.bytes(), StandardCharsets.ISO_8859_1).isBlank()
                && r.err().startsWith(file + ": empty trace");
        if (r.exit() == ExitCodes.TRACE && !nothingLeft
                && !Pattern.compile("(?m)^" + Pattern.quote(file.toString()) + ":\\d+: ").matcher(r.err()).find()) {
            return "exit 1 without a FILE:LINE problem: " + replay + "\n" + r.err();
        }
        return null;
    }
}
