package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code ./paje} launcher and the JVM it starts: the launcher's JVM options
 * ({@code cli/src/main/sh/jvm-flags.sh}, sourced by the script) for a few heaps, and child JVMs
 * started with exactly those options on the test classpath: standard output holds the dump and
 * nothing else at any heap, out of memory exits with 3, a lost standard output with 4.
 */
class LauncherTest {
    private static final Path FLAGS = Path.of("src/main/sh/jvm-flags.sh");
    private static final Path LAUNCHER = Path.of("../paje");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    static Path dir;

    private static Path trace;
    private static String dump;

    @BeforeAll
    static void smallTrace() throws IOException {
        trace = SmallTraces.write(dir.resolve("small.trace"), 2_000);
        CliRun.Result r = CliRun.run("dump", trace.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        dump = r.out();
        assertThat(dump).contains("State, p2, State, 998.750000, 999.750000");
    }

    /** What a process did. */
    record Run(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout (start) ---\n" + out.substring(0, Math.min(out.length(), 2000))
                    + "\n--- stderr ---\n" + err;
        }
    }

    @Test
    void flagsFollowTheHeap() throws Exception {
        assertThat(flags("64m")).startsWith("-Xmx64m").contains("-XX:+DisplayVMOutputToStderr", "-Xlog:disable",
                "-Xlog:all=warning:stderr", "-XX:+UseParallelGC").noneMatch(f -> f.startsWith("-XX:MaxNewSize"));
        assertThat(flags("1g")).noneMatch(f -> f.startsWith("-XX:MaxNewSize"));
        assertThat(flags("8g")).startsWith("-Xmx8g").contains("-XX:MaxNewSize=600m");
        assertThat(flags("256m", "view")).as("the viewer on a small heap").contains("-XX:NewRatio=7");
        assertThat(flags("256m", "dump")).noneMatch(f -> f.startsWith("-XX:NewRatio"));
        assertThat(flags("256m")).noneMatch(f -> f.startsWith("-XX:NewRatio"));
        assertThat(flags("8g", "view")).contains("-XX:MaxNewSize=600m").noneMatch(f -> f.startsWith("-XX:NewRatio"));
        assertThat(flags("")).startsWith("-XX:MaxRAMPercentage=75").noneMatch(f -> f.startsWith("-Xmx"))
                .contains("-Xlog:disable", "-Xlog:all=warning:stderr");
        Run bad = bash(Map.of("PAJE_HEAP", "1.5g"), ". \"$0\"; paje_jvm_flags", FLAGS.toString());
        assertThat(bad.exit()).as("%s", bad).isEqualTo(2);
        assertThat(bad.err()).contains("PAJE_HEAP=1.5g is not a heap size");
    }

    /** A renamed method would make the JIT option a silent no-op: the methods it names must exist. */
    @Test
    void compileCommandsNameMethodsThatExist() throws Exception {
        List<String> commands = flags("256m").stream().filter(f -> f.startsWith("-XX:CompileCommand=dontinline,"))
                .map(f -> f.substring(f.indexOf(',') + 1)).toList();
        assertThat(commands).isNotEmpty();
        for (String c : commands) {
            String type = c.substring(0, c.indexOf("::"));
            String method = c.substring(c.indexOf("::") + 2);
            assertThat(Class.forName(type).getDeclaredMethods()).as(c).anyMatch(m -> m.getName().equals(method));
        }
    }

    /** {@code PAJE_HEAP=... ./paje dump TRACE | prog}: prog reads the dump and nothing else, whatever the heap. */
    @ParameterizedTest
    @ValueSource(strings = {"64m", "256m", "1g", "4g", ""})
    void standardOutputHoldsOnlyTheDump(String heap) throws Exception {
        Run r = paje(flags(heap), null, "dump", trace.toString());
        assertThat(r.exit()).as("PAJE_HEAP=%s\n%s", heap, r).isZero();
        assertThat(r.out()).as("PAJE_HEAP=%s: stdout is exactly the dump\n%s", heap, r).isEqualTo(dump);
        assertThat(r.err()).as("PAJE_HEAP=%s\n%s", heap, r).isEmpty();
    }

    /**
     * The check above can fail: the flags the launcher used to pass print the JVM's warning on
     * stdout (on JDK 17, before the dump) when the heap is small.
     */
    @Test
    void theOldFlagsPrintAWarningOnStandardOutput() throws Exception {
        Run r = paje(List.of("-Xmx64m", "-XX:+UseParallelGC", "-XX:MaxNewSize=600m"), null, "dump", trace.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).as("%s", r).isNotEqualTo(dump).contains("MaxNewSize").endsWith(dump);
    }

    @Test
    void outOfMemoryExitsWithThreeAndNamesPajeHeap() throws Exception {
        Path big = SmallTraces.write(dir.resolve("big.trace"), 1_500_000);
        for (String command : List.of("dump", "stats")) {
            Run r = paje(flags("16m"), null, command, "--no-cache", big.toString());
            assertThat(r.exit()).as("%s\n%s", command, r).isEqualTo(3);
            assertThat(r.err()).as("%s\n%s", command, r).contains("out of memory", "PAJE_HEAP=")
                    .doesNotContain("internal error");
            assertThat(r.out()).as("%s\n%s", command, r).isEmpty();
        }
        // validate without a cache keeps no entity rows (a store that drops them), so the same heap suffices
        Run v = paje(flags("16m"), null, "validate", "--no-cache", big.toString());
        assertThat(v.exit()).as("%s", v).isZero();
        assertThat(v.out()).as("%s", v).contains("valid (1500027 lines");
    }

    /** {@code paje dump TRACE > /dev/full}: exit 4 and why, through Main.main's standard output. */
    @Test
    void aFullDiskIsAnIoError() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.canWrite(), "no /dev/full");
        Run r = paje(flags("256m"), full, "dump", trace.toString());
        assertThat(r.exit()).as("%s", r).isEqualTo(4);
        assertThat(r.err()).as("%s", r).isEqualTo("paje dump: cannot write to standard output: No space left on device\n");
    }

    /** {@code paje dump TRACE | head -1}: the reader goes away; paje stops without a word (exit 4, as an I/O error). */
    @Test
    void aClosedPipeStopsQuietly() throws Exception {
        Process p = start(flags("256m"), null, "dump", trace.toString());
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo(dump.lines().findFirst().orElseThrow());
        out.close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("stderr: %s", err.get()).isEqualTo(4);
        assertThat(err.get()).isEmpty();
    }

    /**
     * The script itself, run with a stand-in {@code java} that prints its arguments: the launcher
     * passes exactly the options of jvm-flags.sh, then the jar and the arguments, and refuses a bad
     * PAJE_HEAP. (A copy of the script with a jar in place, so that it does not build one.)
     */
    @Test
    void theLauncherPassesTheseFlags() throws Exception {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("cli/src/main/sh"));
        Files.createDirectories(repo.resolve("cli/target"));
        Files.copy(LAUNCHER, repo.resolve("paje"));
        Files.copy(FLAGS, repo.resolve("cli/src/main/sh/jvm-flags.sh"));
        Path jar = Files.writeString(repo.resolve("cli/target/paje.jar"), "");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        String path = bin + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String heap : List.of("256m", "8g", "")) {
            Run r = bash(Map.of("PAJE_HEAP", heap, "PATH", path), "exec bash \"$0\" dump 'a b.trace'", repo.resolve("paje").toString());
            List<String> expected = new ArrayList<>(flags(heap));
            expected.addAll(List.of("-jar", jar.toString(), "dump", "a b.trace"));
            assertThat(r.exit()).as("PAJE_HEAP=%s\n%s", heap, r).isZero();
            assertThat(r.out().lines()).as("PAJE_HEAP=%s\n%s", heap, r).containsExactlyElementsOf(expected);
            assertThat(r.err()).as("PAJE_HEAP=%s: no build\n%s", heap, r).isEmpty();
        }
        Run bad = bash(Map.of("PAJE_HEAP", "lots", "PATH", path), "exec bash \"$0\" dump x.trace", repo.resolve("paje").toString());
        assertThat(bad.exit()).as("%s", bad).isEqualTo(2);
        assertThat(bad.out()).isEmpty();
        assertThat(bad.err()).contains("PAJE_HEAP=lots is not a heap size");
    }

    // ---------------------------------------------------------------- helpers

    /** The JVM options of the launcher for {@code PAJE_HEAP=heap} (unset when empty). */
    private static List<String> flags(String heap) throws Exception {
        return flags(heap, "");
    }

    /** The same, for the paje command {@code command}. */
    private static List<String> flags(String heap, String command) throws Exception {
        Run r = bash(Map.of("PAJE_HEAP", heap), ". \"$0\"; paje_jvm_flags " + command, FLAGS.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        return r.out().lines().toList();
    }

    /** Runs {@code script} in bash with {@code $0} = arg; empty values in {@code env} unset the variable. */
    private static Run bash(Map<String, String> env, String script, String arg) throws Exception {
        assumeTrue(new File("/bin/bash").canExecute() || new File("/usr/bin/bash").canExecute(), "no bash");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script, arg);
        pb.environment().remove("PAJE_JVM_FLAGS");
        env.forEach((k, v) -> {
            if (v.isEmpty()) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return finish(pb.start());
    }

    /** {@code java FLAGS -cp TEST_CLASSPATH dev.paje.cli.Main ARGS}, as the launcher runs the jar. */
    private static Run paje(List<String> flags, File stdout, String... args) throws Exception {
        return finish(start(flags, stdout, args));
    }

    private static Process start(List<String> flags, File stdout, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(JAVA);
        command.addAll(flags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.paje.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (stdout != null) {
            pb.redirectOutput(stdout);
        }
        return pb.start();
    }

    private static Run finish(Process p) throws Exception {
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out; stderr: " + err.getNow(""));
        }
        return new Run(p.exitValue(), out.get(), err.get());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
