package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paje.export.CsvExport;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No command destroys an input or a special file, or leaves a partial output: each command that
 * writes refuses its own input as output (also through a symbolic or a hard link; exit 2), writes
 * into pipes and devices instead of replacing them, and replaces a regular file only once the
 * output is complete: after a full disk or a kill, the file has its previous content (or is absent).
 */
class OutputSafetyTest {
    private static final String SKEW = "../core/src/test/resources/causal/skew.trace";
    private static final String PREVIOUS = "previous content\n";
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    /** A command that writes one file: its command line for an input and an output. */
    record Writing(String name, String suffix, BiFunction<String, String, List<String>> line) {
        String[] args(Path in, Path out) {
            return line.apply(in.toString(), out.toString()).toArray(String[]::new);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Writing> writers() {
        return List.of(new Writing("cut", ".trace", (in, out) -> List.of("cut", in, "-s", "0", "-e", "1000", "-o", out)),
                new Writing("fix-clocks", ".trace", (in, out) -> List.of("fix-clocks", in, "-o", out)),
                new Writing("export json", ".json", (in, out) -> List.of("export", in, "-f", "json", "-o", out)),
                new Writing("export chrome", ".json", (in, out) -> List.of("export", in, "-f", "chrome", "-o", out)),
                new Writing("render", ".svg", (in, out) -> List.of("render", in, "-o", out)));
    }

    @ParameterizedTest
    @MethodSource("writers")
    void refusesItsInputAsOutputAlsoThroughLinks(Writing w) throws IOException {
        Path in = input(w); // named like an output (in.svg for render): only its identity stops the command
        byte[] before = Files.readAllBytes(in);
        Path symlink = Files.createSymbolicLink(dir.resolve("symlink" + w.suffix()), in.getFileName());
        Path hardlink = Files.createLink(dir.resolve("hardlink" + w.suffix()), in);
        for (Path out : List.of(in, symlink, hardlink)) {
            CliRun.Result r = expect(2, w.args(in, out));
            assertThat(r.err()).as("%s", r).contains(out + " is the input " + in);
            assertThat(Files.readAllBytes(in)).as("%s -o %s", w, out).isEqualTo(before);
        }
        assertThat(Files.isSymbolicLink(symlink)).isTrue();
    }

    @Test
    void csvRefusesItsInputAsOneOfItsFiles() throws IOException {
        Path csv = Files.createDirectory(dir.resolve("csv"));
        Path inside = Files.copy(Path.of(SKEW), csv.resolve("states.csv"));
        Path outside = input(new Writing("csv", ".trace", null));
        Files.createSymbolicLink(csv.resolve("links.csv"), outside);
        Files.createLink(csv.resolve("events.csv"), outside);
        byte[] before = Files.readAllBytes(Path.of(SKEW));
        for (Path in : List.of(inside, outside)) {
            CliRun.Result r = expect(2, "export", in.toString(), "-f", "csv", "-o", csv.toString());
            assertThat(r.err()).as("%s", r).contains("is the input " + in);
            assertThat(Files.readAllBytes(in)).isEqualTo(before);
        }
    }

    /** A named pipe as the output: written into, streaming, as a file would be; never replaced by a file. */
    @ParameterizedTest
    @MethodSource("writers")
    void writesIntoAPipe(Writing w) throws Exception {
        Path in = input(w);
        Path fifo = fifo(dir.resolve("out" + w.suffix()));
        CompletableFuture<byte[]> read = readAsync(fifo);
        expect(0, w.args(in, fifo));
        Path file = dir.resolve("file" + w.suffix());
        expect(0, w.args(in, file));
        assertThat(withoutIds(read.get(30, TimeUnit.SECONDS))).isEqualTo(withoutIds(Files.readAllBytes(file)));
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    /** The output without the ids SVG pictures give their clip paths, which differ from one run to the next. */
    private static String withoutIds(byte[] output) {
        return new String(output, StandardCharsets.UTF_8).replaceAll("_\\d+clip-", "clip-");
    }

    @Test
    void csvWritesIntoAPipe() throws Exception {
        Path csv = Files.createDirectory(dir.resolve("csv"));
        Path fifo = fifo(csv.resolve("states.csv"));
        CompletableFuture<byte[]> read = readAsync(fifo);
        expect(0, "export", SKEW, "-f", "csv", "-o", csv.toString());
        Path files = dir.resolve("files");
        expect(0, "export", SKEW, "-f", "csv", "-o", files.toString());
        assertThat(read.get(30, TimeUnit.SECONDS)).isEqualTo(Files.readAllBytes(files.resolve("states.csv")));
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.readString(csv.resolve("links.csv"))).isEqualTo(Files.readString(files.resolve("links.csv")));
    }

    /** /dev/null, named directly or through a link with the output's extension: written into, never replaced. */
    @ParameterizedTest
    @MethodSource("writers")
    void writesIntoDevNull(Writing w) throws IOException {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.isWritable(devNull), "no /dev/null");
        Path link = Files.createSymbolicLink(dir.resolve("null" + w.suffix()), devNull);
        for (Path out : w.name().equals("render") ? List.of(link) : List.of(devNull, link)) {
            expect(0, w.args(input(w), out));
        }
        assertThat(Files.isRegularFile(devNull)).isFalse();
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    /** "-o -" is standard output, for the commands whose output has no extension to tell its format. */
    @ParameterizedTest
    @MethodSource("writers")
    void dashIsStandardOutput(Writing w) throws IOException {
        assumeTrue(!w.name().equals("render"), "render needs .svg or .png");
        Path in = input(w);
        CliRun.Result r = expect(0, w.args(in, Path.of("-")));
        Path file = dir.resolve("file" + w.suffix());
        expect(0, w.args(in, file));
        assertThat(r.out()).isEqualTo(Files.readString(file));
        assertThat(dir.resolve("-")).doesNotExist();
    }

    /** Where no file can be created (a read-only directory; for root, who writes anywhere: /sys and /proc). */
    @ParameterizedTest
    @MethodSource("writers")
    void anUnwritableDirectoryIsAnIoErrorInOneLine(Writing w) throws IOException {
        for (Path place : unwritableDirectories()) {
            Path out = place.resolve("out" + w.suffix());
            CliRun.Result r = expect(4, w.args(input(w), out));
            assertThat(r.err()).as("%s", r).startsWith("paje " + w.name().split(" ")[0] + ": ").contains(out.toString())
                    .containsAnyOf("permission denied", "no such file or directory").hasLineCount(1);
            assertThat(out).doesNotExist();
        }
    }

    @Test
    void csvIntoAnUnwritableDirectoryIsAnIoError() throws IOException {
        for (Path place : unwritableDirectories()) {
            Path out = place.resolve("csv");
            CliRun.Result r = expect(4, "export", SKEW, "-f", "csv", "-o", out.toString());
            assertThat(r.err()).as("%s", r).contains(out.toString()).hasLineCount(1);
        }
    }

    /** A disk that fills up while the command writes: exit 4 with the reason, the previous file intact, no leftover. */
    @ParameterizedTest
    @MethodSource("writers")
    void aFullDiskKeepsThePreviousContent(Writing w) throws IOException {
        Path in = input(w);
        Path out = Files.writeString(dir.resolve("out" + w.suffix()), PREVIOUS);
        Path absent = dir.resolve("absent" + w.suffix());
        for (Path target : List.of(out, absent)) {
            CliRun.Result r = withDisk(DiskFakes.full(512), () -> expect(4, w.args(in, target)));
            assertThat(r.err()).as("%s", r).isEqualTo("paje " + w.name().split(" ")[0] + ": cannot write " + target
                    + ": No space left on device\n");
        }
        assertThat(Files.readString(out)).isEqualTo(PREVIOUS);
        assertThat(absent).doesNotExist();
        assertThat(names(dir)).containsExactlyInAnyOrder(in.getFileName().toString(), out.getFileName().toString());
    }

    /** The same on a real full file system (a tiny tmpfs, when this machine lets the tests mount one), CSV included. */
    @Test
    void aFullTmpfsKeepsThePreviousContent() throws Exception {
        Path big = SmallTraces.write(dir.resolve("big.trace"), 20_000);
        Path disk = Files.createDirectory(dir.resolve("disk"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString()) == 0, "cannot mount a tmpfs");
        try {
            List<String[]> lines = new ArrayList<>();
            for (Writing w : writers()) {
                if (!w.name().equals("render")) { // its picture of this trace is smaller than the disk
                    lines.add(w.args(big, disk.resolve("out" + w.suffix())));
                }
            }
            for (String[] args : lines) {
                Path out = Path.of(args[args.length - 1]);
                Files.writeString(out, PREVIOUS);
                CliRun.Result r = expect(4, args);
                assertThat(r.err()).as("%s", r).contains("cannot write " + out + ": No space left on device").hasLineCount(1);
                assertThat(Files.readString(out)).isEqualTo(PREVIOUS);
                Files.delete(out);
                assertThat(names(disk)).as("leftovers of %s", r).isEmpty();
            }
            Path csv = Files.createDirectory(disk.resolve("csv"));
            for (String name : CsvExport.FILES) {
                Files.writeString(csv.resolve(name), PREVIOUS);
            }
            CliRun.Result r = expect(4, "export", big.toString(), "-f", "csv", "-o", csv.toString());
            assertThat(r.err()).as("%s", r).contains("No space left on device").hasLineCount(1);
            for (String name : CsvExport.FILES) {
                assertThat(Files.readString(csv.resolve(name))).isEqualTo(PREVIOUS);
            }
            assertThat(names(csv)).containsExactlyInAnyOrderElementsOf(CsvExport.FILES);
        } finally {
            // lazy: a stream the failed write left open (until garbage collected) must not keep the disk mounted
            run("umount", "-l", disk.toString());
        }
    }

    /** A command killed (SIGKILL) while it writes a big output: the target has its previous content, or is absent. */
    @ParameterizedTest
    @MethodSource("writers")
    void killedWhileWritingLeavesThePreviousContent(Writing w) throws Exception {
        Path in = SmallTraces.write(dir.resolve("big.trace"), 20_000);
        Path out = Files.writeString(dir.resolve("out" + w.suffix()), PREVIOUS);
        Path absent = dir.resolve("absent" + w.suffix());
        killWhileWriting(in, out, w);
        assertThat(Files.readString(out)).as("%s killed while writing", w).isEqualTo(PREVIOUS);
        killWhileWriting(in, absent, w);
        assertThat(absent).as("%s killed while writing", w).doesNotExist();
    }

    /** Starts {@code w} on a slow disk in a child JVM, and kills it once the output has started to grow. */
    private void killWhileWriting(Path in, Path out, Writing w) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA, "-cp", System.getProperty("java.class.path"),
                DiskFakes.SlowDiskMain.class.getName()));
        command.addAll(List.of(w.args(in, out)));
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!writing(out) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertThat(p.isAlive()).as("%s still writing when killed: %s", w, Files.readString(dir.resolve("child.log")))
                    .isTrue();
            assertThat(writing(out)).as("%s started writing", w).isTrue();
        } finally {
            p.destroyForcibly(); // SIGKILL: no finally block of the command runs
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Whether {@code out}, or a temporary file next to it, has received bytes. */
    private static boolean writing(Path out) throws IOException {
        if (Files.exists(out) && !Files.readString(out).equals(PREVIOUS)) {
            return true;
        }
        try (Stream<Path> files = Files.list(out.getParent())) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("." + out.getFileName()) && size(f) > 0);
        }
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0; // renamed or deleted meanwhile
        }
    }

    /** A copy of the test trace named like the command's outputs ("in.svg" for render). */
    private Path input(Writing w) throws IOException {
        Path in = dir.resolve("in" + w.suffix());
        return Files.exists(in) ? in : Files.copy(Path.of(SKEW), in);
    }

    private List<Path> unwritableDirectories() throws IOException {
        List<Path> places = new ArrayList<>();
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (!Files.isWritable(readOnly)) {
            places.add(readOnly);
        }
        for (String special : List.of("/sys", "/proc")) {
            if (Files.isDirectory(Path.of(special))) {
                places.add(Path.of(special));
            }
        }
        assumeTrue(!places.isEmpty(), "no unwritable directory");
        return places;
    }

    private static Path fifo(Path path) throws Exception {
        assumeTrue(run("mkfifo", path.toString()) == 0, "no mkfifo");
        return path;
    }

    private static CompletableFuture<byte[]> readAsync(Path fifo) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(fifo);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS))
                    .map(f -> f.getFileName().toString()).toList();
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        return p.waitFor();
    }

    private static <T> T withDisk(UnaryOperator<java.io.OutputStream> disk, java.util.function.Supplier<T> body) {
        SafeOutput.writeFilter = disk;
        try {
            return body.get();
        } finally {
            SafeOutput.writeFilter = UnaryOperator.identity();
        }
    }

    private static CliRun.Result expect(int exit, String... args) {
        CliRun.Result r = CliRun.run(args);
        assertThat(r.exit()).as("%s\n%s", String.join(" ", args), r).isEqualTo(exit);
        assertThat(r.err()).as("no stack trace\n%s", r).doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContainIgnoringCase("internal error");
        return r;
    }
}
