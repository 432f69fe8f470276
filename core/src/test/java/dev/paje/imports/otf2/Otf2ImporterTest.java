package dev.paje.imports.otf2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import dev.paje.imports.ImportException;
import dev.paje.imports.Importer;
import dev.paje.imports.Importers;
import dev.paje.imports.PajeText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTF2 archives written by Debian's OTF2 Python bindings at test time, read by our importer: event counts
 * equal the reference reader's, the mapping to Pajé (checked against a golden dump and PajeNG's pj_dump),
 * timer resolutions, id mappings, clock offsets, and every kind of bad input.
 */
class Otf2ImporterTest {
    private static final DumpOptions WITH_USER_FIELDS =
            new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, true, false);

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private Otf2Importer importer(int threads) {
        return new Otf2Importer(threads, warnings::add);
    }

    private TraceLoader.Loaded load(Path anchor, int threads) throws IOException {
        return TraceLoader.builder().importers(List.of(importer(threads))).build().load(anchor);
    }

    private String dump(Path anchor, DumpOptions options) throws IOException {
        return dump(anchor, options, 2);
    }

    private String dump(Path anchor, DumpOptions options, int threads) throws IOException {
        TraceLoader.Loaded loaded = load(anchor, threads);
        assertThat(loaded.problems()).as("problems").isEmpty();
        StringWriter out = new StringWriter();
        new DumpWriter(options).write(loaded.trace(), out);
        return out.toString();
    }

    private String problem(Path anchor) throws IOException {
        TraceLoader.Loaded loaded = load(anchor, 2);
        assertThat(loaded.valid()).isFalse();
        assertThat(loaded.problems()).hasSize(1);
        return loaded.problems().get(0).format();
    }

    private Path small() throws IOException {
        return Otf2Archives.write(dir, "small");
    }

    @Test
    void theAnchorIsRecognisedByItsContent() throws IOException {
        Path anchor = small();
        assertThat(Importers.detect(anchor, List.of(importer(1)))).isInstanceOf(Otf2Importer.class);
        assertThat(Importers.detect(anchor.resolveSibling("traces.def"), List.of(importer(1)))).isNull();
        Path pajeTrace = Files.writeString(dir.resolve("x.otf2"), "%EventDef PajeDefineContainerType 0\n");
        assertThat(Importers.detect(pajeTrace, List.of(importer(1)))).isNull();
        assertThat(Importers.all()).anyMatch(i -> i instanceof Otf2Importer);
    }

    @Test
    void eventCountsPerLocationEqualOtf2Print() throws IOException, Exception {
        Otf2Archives.assumeOtf2Print();
        Path anchor = Otf2Archives.write(dir, "counts", "--ranks", "3", "--threads", "3", "--iterations", "7");
        Map<Long, Long> reference = new TreeMap<>();
        for (String line : Otf2Archives.run(List.of("otf2-print", anchor.toString())).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].matches("[A-Z_0-9]+") && f[1].matches("\\d+") && f[2].matches("\\d+")) {
                reference.merge(Long.parseLong(f[1]), 1L, Long::sum);
            }
        }
        assertThat(reference).hasSize(9);
        assertThat(new TreeMap<>(Otf2Importer.countEvents(anchor))).isEqualTo(reference);
    }

    @Test
    void theDumpIsTheGoldenOne() throws IOException {
        String golden = new String(getClass().getResourceAsStream("small.dump").readAllBytes(), StandardCharsets.UTF_8);
        assertThat(dump(small(), WITH_USER_FIELDS)).isEqualTo(golden);
    }

    @Test
    void oneWorkerOrManyWriteTheSameTrace() throws IOException {
        Path anchor = Otf2Archives.write(dir, "workers", "--ranks", "6", "--iterations", "20");
        assertThat(dump(anchor, WITH_USER_FIELDS, 1)).isEqualTo(dump(anchor, WITH_USER_FIELDS, 4));
    }

    /** Archives of many locations close each event file between batches: the same trace, in 16 KB batches or not. */
    @Test
    void filesClosedBetweenBatchesGiveTheSameTrace() throws IOException {
        Path anchor = Otf2Archives.write(dir, "many", "--ranks", "12", "--threads", "3", "--iterations", "40");
        String open = dump(anchor, WITH_USER_FIELDS);
        TraceLoader.Loaded loaded = TraceLoader.builder().importers(List.of(new Otf2Importer(2, warnings::add, 1, 1)))
                .build().load(anchor);
        assertThat(loaded.problems()).isEmpty();
        StringWriter out = new StringWriter();
        new DumpWriter(WITH_USER_FIELDS).write(loaded.trace(), out);
        assertThat(out.toString()).isEqualTo(open);
    }

    /** The same importer without {@link Importer#source}: the reader parses its Pajé text, as before events as values. */
    private static Importer textOnly(Otf2Importer inner) {
        return new Importer() {
            @Override
            public String format() {
                return inner.format();
            }

            @Override
            public boolean accepts(Path file, byte[] head) {
                return inner.accepts(file, head);
            }

            @Override
            public void convert(Path file, PajeText out) throws ImportException, IOException {
                inner.convert(file, out);
            }
        };
    }

    /**
     * Problems, counts and the dump of one load, as one text to compare. The counts of a failed load are left
     * out: they say how far reading came when it stopped (the text path counts whole blocks), and no command shows them.
     */
    private static String outcome(TraceLoader.Loaded loaded) throws IOException {
        StringBuilder sb = new StringBuilder(loaded.valid() + (loaded.valid() ? " " + loaded.lines() + " lines "
                + loaded.events() + " events" : "") + "\n");
        loaded.problems().forEach(p -> sb.append(p.format()).append('\n'));
        loaded.warnings().forEach(p -> sb.append(p.format()).append('\n'));
        if (loaded.trace() != null) {
            StringWriter out = new StringWriter();
            new DumpWriter(WITH_USER_FIELDS).write(loaded.trace(), out);
            sb.append(out);
        }
        return sb.toString();
    }

    /** Every command reads the entity events as values (no Pajé text between): the trace the text gives, to the byte. */
    @Test
    void eventsAsValuesGiveTheTraceThePajeTextGives() throws IOException {
        Path anchor = Otf2Archives.write(dir, "twice", "--ranks", "6", "--threads", "2", "--iterations", "30");
        for (Otf2Importer importer : List.of(importer(2), new Otf2Importer(2, warnings::add, 1, 1))) {
            assertThat(importer.source(anchor)).isNotNull();
            String values = outcome(TraceLoader.builder().importers(List.of(importer)).build().load(anchor));
            String text = outcome(TraceLoader.builder().importers(List.of(textOnly(importer))).build().load(anchor));
            assertThat(values).startsWith("true ").contains("Link, ", "MPI collective", "State, ").isEqualTo(text);
        }
        Path evt = anchor.resolveSibling("traces").resolve("2.evt");
        cut(evt, (int) Files.size(evt) / 2);
        String values = outcome(TraceLoader.builder().importers(List.of(importer(2))).build().load(anchor));
        assertThat(values).startsWith("false\n").contains(evt + ": at byte ");
        assertThat(values).isEqualTo(outcome(TraceLoader.builder().importers(List.of(textOnly(importer(2)))).build()
                .load(anchor)));
    }

    /**
     * Windows of a few lines, most fed location by location: the trace, the counts and the problems are the merged
     * order's. The problems (leaves of nothing at the end, one per rank in turn, the last rank's first) are found
     * location by location, the first rank's first, and reported in line order: the first when reading stops at
     * it, all of them when they are collected.
     */
    @Test
    void windowsFedLocationByLocationGiveTheMergedOrdersTraceAndProblems() throws IOException {
        Path anchor = Otf2Archives.write(dir, "grouped", "--ranks", "4", "--threads", "2", "--iterations", "20",
                "--extra-leaves", "1");
        for (boolean collect : new boolean[] {false, true}) {
            Otf2Importer grouped = new Otf2Importer(2, warnings::add, Otf2Importer.OPEN_FILES, 1 << 20, 64);
            TraceLoader.Loaded loaded = loader(grouped, collect).load(anchor);
            String text = outcome(loader(textOnly(grouped), collect).load(anchor));
            assertThat(outcome(loaded)).isEqualTo(text);
            assertThat(grouped.windowsGrouped.get()).isGreaterThan(10);
            assertThat(grouped.problemsDeferred.get()).isGreaterThanOrEqualTo(collect ? 4 : 2);
            List<dev.paje.read.Problem> problems = loaded.problems();
            assertThat(problems).hasSize(collect ? 4 : 1);
            assertThat(problems.stream().map(dev.paje.read.Problem::line).toList()).isSorted().doesNotHaveDuplicates();
            assertThat(problems.get(0).format()).contains("PajePopState on an empty stack", "(MPI Rank 3)");
        }
    }

    private static TraceLoader loader(Importer importer, boolean collect) {
        TraceLoader.Builder b = TraceLoader.builder().importers(List.of(importer));
        return collect ? b.collectProblems(100).build() : b.build();
    }

    @Test
    void theMappingNestsRegionsAndMakesLinksCollectivesVariablesAndEvents() throws IOException {
        String d = dump(small(), WITH_USER_FIELDS);
        List<String> lines = List.of(d.split("\n"));
        // 4 ranks x 5 iterations x (a blocking ring + a non-blocking ring)
        assertThat(lines).filteredOn(l -> l.startsWith("Link,")).hasSize(40);
        assertThat(d).contains("Link, 0, \"MPI message\", 0.004001, 0.005000, 0.000999, point-to-point, "
                + "\"Master thread (MPI Rank 0)\", \"Master thread (MPI Rank 1)\", c0_0_2_42_0, 1024, 42, -, -");
        // main > compute > inner loop: the inner loop is at depth 2
        assertThat(lines).filteredOn(l -> l.startsWith("State,") && l.endsWith("2.000000, \"inner loop\"")).hasSize(20);
        assertThat(lines).filteredOn(l -> l.contains("\"MPI collective\"") && l.contains("Allreduce, MPI_COMM_WORLD, 0, 8, 8"))
                .hasSize(20);
        assertThat(lines).filteredOn(l -> l.startsWith("Variable,") && l.contains("\"flops [FLOP]\"")).hasSize(20);
        // attributes are user fields: iteration and phase on compute, phase on the workers' tasks
        assertThat(d).contains("1.000000, compute, 0, compute", "\"worker task\", -, \"work 4\"",
                "Event, \"Worker thread 1 (MPI Rank 2)\", Event, 0.041004, kernel, kernel-0, -, -");
    }

    /** Each Allreduce (all ranks leave it at once in the test archive) is one operation of the collectives view. */
    @Test
    void collectivesAreFoundByTheCollectivesView() throws IOException {
        TraceLoader.Loaded loaded = load(small(), 2);
        assertThat(loaded.problems()).isEmpty();
        List<dev.paje.collective.Collective> found = dev.paje.collective.Collectives.find(loaded.trace(),
                dev.paje.collective.CollectiveOptions.defaults()).all();
        assertThat(found).filteredOn(c -> c.value().equals("Allreduce")).hasSize(5)
                .allSatisfy(c -> assertThat(c.members()).isEqualTo(4));
    }

    @Test
    void pjDumpReadsTheConvertedTraceAsWeDo() throws Exception {
        assumeTrue(Otf2Archives.onPath("pj_dump"),
                "skipped: PajeNG's pj_dump is not installed (apt-get install -y pajeng)");
        Path anchor = small();
        Path converted = dir.resolve("small.trace");
        try (OutputStream out = Files.newOutputStream(converted)) {
            PajeText text = new PajeText(out);
            importer(2).convert(anchor, text);
            text.flush();
        }
        String theirs = Otf2Archives.run(List.of("pj_dump", converted.toString()));
        String ours = dump(anchor, DumpOptions.defaults()).replace("\"", "");
        assertThat(sorted(ours)).isEqualTo(sorted(theirs));
    }

    private static List<String> sorted(String s) {
        List<String> l = new ArrayList<>(List.of(s.split("\n")));
        l.sort(null);
        return l;
    }

    @Test
    void twoTimerResolutionsGiveTheSameSeconds() throws IOException {
        Path nano = Otf2Archives.write(dir, "nano", "--resolution", "1000000000", "--offset", "5000");
        Path micro = Otf2Archives.write(dir, "micro", "--resolution", "1000000", "--offset", "5");
        String n = dump(nano, WITH_USER_FIELDS);
        assertThat(n).contains("State, \"Master thread (MPI Rank 0)\", Region, 0.000000, 0.051000, 0.051000, 0.000000, main");
        assertThat(dump(micro, WITH_USER_FIELDS)).isEqualTo(n);
    }

    /** Location 0's local definitions: a mapping of region ids {local 0 -> global 1, local 1 -> global 0}. */
    @Test
    void localIdsAreMappedToGlobalOnes() throws IOException {
        Path anchor = small();
        String before = dump(anchor, WITH_USER_FIELDS);
        byte[] table = {5, 7, /* region */ 3, /* 2 ids */ 1, 2, /* dense */ 0, /* 0 -> 1 */ 1, 1, /* 1 -> 0 */ 0};
        Files.write(anchor.resolveSibling("traces").resolve("0.def"), localDefs(table));
        String after = dump(anchor, WITH_USER_FIELDS);
        assertThat(before).contains("Region, 0.000000, 0.051000, 0.051000, 0.000000, main");
        String thread = "State, \"Master thread (MPI Rank 0)\", Region, ";
        assertThat(after).contains(thread + "0.000000, 0.051000, 0.051000, 0.000000, compute");
        assertThat(after).contains(thread + "0.001034, 0.003034, 0.002000, 1.000000, main, 0, compute");
        assertThat(after.replace("\"Master thread (MPI Rank 0)\"", "")).isNotEqualTo(before.replace("\"Master thread (MPI Rank 0)\"", ""));
    }

    /** Two clock offsets of location 0: 0 at its first tick, +1 ms at its last; times between are interpolated. */
    @Test
    void clockOffsetsCorrectTimes() throws IOException {
        Path anchor = small();
        long first = 1000;
        long last = 1000 + 51_000_000L;
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        for (long[] p : new long[][] {{first, 0}, {last, 1_000_000}}) {
            records.write(6);
            records.write(8 + (p[1] == 0 ? 1 : 4) + 8);
            records.writeBytes(le(p[0], 8));
            if (p[1] == 0) {
                records.write(0);
            } else {
                records.write(3);
                records.writeBytes(le(p[1], 3));
            }
            records.writeBytes(le(0, 8));
        }
        Files.write(anchor.resolveSibling("traces").resolve("0.def"), localDefs(records.toByteArray()));
        String d = dump(anchor, WITH_USER_FIELDS);
        // main ends 1 ms later; compute of iteration 0 (ticks 1035000 to 3035000) moves by 1034000/51e6 ms:
        // 1055275 to 3094490 ticks after the offset's 1000, as otf2-print corrects them
        assertThat(d).contains("State, \"Master thread (MPI Rank 0)\", Region, 0.000000, 0.052000, 0.052000, 0.000000, main");
        assertThat(d).contains("State, \"Master thread (MPI Rank 0)\", Region, 0.001054, 0.003093, 0.002039, 1.000000, compute");
    }

    private static byte[] localDefs(byte[] records) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(3);
        b.write(0x42);
        b.writeBytes(le(1, 8));
        b.writeBytes(le(0, 8));
        b.writeBytes(records);
        b.write(2);
        b.write(1);
        return b.toByteArray();
    }

    static byte[] le(long v, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    /** A real program's trace: Debian's EZTrace 2.0 tracing a small pthread program (skipped without eztrace and gcc). */
    @Test
    void anEztraceTraceOfAPthreadProgramReads() throws Exception {
        assumeTrue(Otf2Archives.onPath("eztrace") && Otf2Archives.onPath("gcc"),
                "skipped: EZTrace or gcc is not installed (apt-get install -y eztrace gcc)");
        Otf2Archives.assumeOtf2Print();
        Path source = Files.writeString(dir.resolve("threads.c"), """
                #include <pthread.h>
                static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
                static double sum;
                static void *work(void *arg) {
                    for (int i = 0; i < 1000; i++) { pthread_mutex_lock(&lock); sum += i; pthread_mutex_unlock(&lock); }
                    return arg;
                }
                int main(void) {
                    pthread_t t[3];
                    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, work, 0);
                    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
                    return sum > 0 ? 0 : 1;
                }
                """);
        Otf2Archives.run(List.of("gcc", "-O1", "-pthread", source.toString(), "-o", dir.resolve("threads").toString()));
        Process p = new ProcessBuilder("eztrace", "-t", "pthread", "./threads").directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(p.waitFor()).as(out).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        Path anchor = dir.resolve("threads_trace").resolve("eztrace_log.otf2");
        Map<Long, Long> reference = new TreeMap<>();
        for (String line : Otf2Archives.run(List.of("otf2-print", anchor.toString())).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].matches("[A-Z_0-9]+") && f[1].matches("\\d+") && f[2].matches("\\d+")) {
                reference.merge(Long.parseLong(f[1]), 1L, Long::sum);
            }
        }
        assertThat(new TreeMap<>(Otf2Importer.countEvents(anchor))).isEqualTo(reference);
        String d = dump(anchor, WITH_USER_FIELDS);
        assertThat(d).contains("\"P#0T#0\"", "\"P#0T#3\"", "pthread_mutex_lock");
        assertThat(reference.values().stream().mapToLong(Long::longValue).sum()).isGreaterThan(6000);
    }

    // ---- bad input

    @Test
    void aMissingDefinitionFileIsNamed() throws IOException {
        Path anchor = small();
        Files.delete(anchor.resolveSibling("traces.def"));
        assertThat(problem(anchor)).isEqualTo(anchor.resolveSibling("traces.def") + ": no such file: the archive is incomplete");
    }

    @Test
    void aMissingEventFileIsNamed() throws IOException {
        Path anchor = small();
        Path evt = anchor.resolveSibling("traces").resolve("3.evt");
        Files.delete(evt);
        assertThat(problem(anchor)).isEqualTo(evt + ": no such file: the archive is incomplete");
    }

    @Test
    void aTruncatedEventFileIsNamedWithTheByte() throws IOException {
        Path anchor = small();
        Path evt = anchor.resolveSibling("traces").resolve("2.evt");
        cut(evt, 23); // inside the timestamp that follows the chunk header
        assertThat(problem(anchor)).isEqualTo(evt + ": at byte 19: the file ends inside a record (truncated?): 8 more bytes expected, 4 left");
    }

    @Test
    void anEventFileCutBetweenRecordsIsNamedToo() throws IOException {
        Path anchor = small();
        Path evt = anchor.resolveSibling("traces").resolve("6.evt");
        // without its end marks (END_OF_FILE, END_OF_BUFFER): every record is whole, the end is not
        int length = (int) Files.size(evt) - 2;
        cut(evt, length);
        assertThat(problem(anchor)).isEqualTo(evt + ": at byte " + length
                + ": the file ends without its end-of-file mark (truncated?)");
    }

    @Test
    void aRecordOfUnknownTypeIsSkippedWithACountedWarning() throws IOException {
        Path anchor = small();
        String before = dump(anchor, WITH_USER_FIELDS);
        Path evt = anchor.resolveSibling("traces").resolve("1.evt");
        byte[] all = Files.readAllBytes(evt);
        // after the chunk header (18 bytes) and the first timestamp (9): two records of a future type 200
        byte[] unknown = {(byte) 200, 2, 0x11, 0x22, (byte) 201, 0};
        byte[] patched = new byte[all.length + unknown.length];
        System.arraycopy(all, 0, patched, 0, 27);
        System.arraycopy(unknown, 0, patched, 27, unknown.length);
        System.arraycopy(all, 27, patched, 27 + unknown.length, all.length - 27);
        Files.write(evt, patched);
        assertThat(dump(anchor, WITH_USER_FIELDS)).isEqualTo(before);
        assertThat(warnings).containsExactly(evt + ": skipped 2 records of types this reader does not know (the first: 200), as OTF2 allows");
    }

    @Test
    void anUnsupportedVersionIsNamed() throws IOException {
        Path anchor = small();
        overwrite(anchor, 9, 9);
        assertThat(problem(anchor)).isEqualTo(anchor + ": at byte 9: unsupported OTF2 version 9.0.2: this reader reads OTF2 1.x to 3.x");
    }

    /** An anchor of OTF2 2.3.0 (records of 2.x lack the 3.0 fields, which this reader never needs): read alike. */
    @Test
    void anOtf2TwoAnchorIsRead() throws IOException {
        Path anchor = small();
        String before = dump(anchor, WITH_USER_FIELDS);
        overwrite(anchor, 9, 2, 3, 0);
        assertThat(dump(anchor, WITH_USER_FIELDS)).isEqualTo(before);
        overwrite(anchor, 9, 4);
        assertThat(problem(anchor)).endsWith("unsupported OTF2 version 4.3.0: this reader reads OTF2 1.x to 3.x");
    }

    @Test
    void aBadCompressedIntegerIsNamedWithTheByte() throws IOException {
        Path anchor = small();
        Path evt = anchor.resolveSibling("traces").resolve("0.evt");
        // the first record after the first timestamp is Enter (12) of region 0 (one byte 0): make it a length of 9
        assertThat(Files.readAllBytes(evt)[27]).isEqualTo((byte) 12);
        overwrite(evt, 28, 9);
        assertThat(problem(anchor)).isEqualTo(evt + ": at byte 28: invalid compressed integer: length byte 9 (expected 0 to 8 or 0xff)");
    }

    @Test
    void theCacheIdentityCoversTheArchiveFiles() throws IOException {
        Path anchor = small();
        String before = importer(1).identity(anchor);
        assertThat(before).contains("traces.def ", "0.evt ", "7.def ");
        Files.write(anchor.resolveSibling("traces").resolve("5.evt"), new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
        assertThat(importer(1).identity(anchor)).isNotEqualTo(before);
    }

    /** Keeps the first {@code length} bytes of {@code file}. */
    private static void cut(Path file, int length) throws IOException {
        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), length));
    }

    /** Overwrites the bytes of {@code file} from offset {@code at} with {@code values}. */
    private static void overwrite(Path file, int at, int... values) throws IOException {
        byte[] all = Files.readAllBytes(file);
        for (int i = 0; i < values.length; i++) {
            all[at + i] = (byte) values[i];
        }
        Files.write(file, all);
    }
}
