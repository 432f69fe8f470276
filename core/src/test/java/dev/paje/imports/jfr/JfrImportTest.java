package dev.paje.imports.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.TraceLoader;
import dev.paje.dump.PajeHierarchy;
import dev.paje.export.CsvExport;
import dev.paje.imports.ImportException;
import dev.paje.imports.PajeText;
import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real recording (three workers contending on a lock and sleeping, recorded in a child JVM) read
 * through the loader, checked against the recording itself read with the JDK's own API: containers,
 * states with their recorded times, links from the previous owner to the waiter, GC, heap, errors.
 */
class JfrImportTest {
    /** One JFR event of a worker, in trace seconds. */
    record Recorded(String thread, double start, double end, String owner) {
    }

    private static Path recording;
    private static Trace trace;
    private static List<Recorded> monitorEnters;
    private static List<Recorded> sleeps;
    private static List<Recorded> samples;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws IOException, InterruptedException {
        recording = Recordings.lockAndSleep();
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(recording);
        assertThat(loaded.problems()).isEmpty();
        trace = loaded.trace();
        long origin = ByteBuffer.wrap(Files.readAllBytes(recording), 32, 8).getLong(); // the first chunk's start
        monitorEnters = new ArrayList<>();
        sleeps = new ArrayList<>();
        samples = new ArrayList<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                RecordedThread t = e.getEventType().getName().equals("jdk.ExecutionSample") ? e.getThread("sampledThread")
                        : e.getThread();
                if (t == null || t.getJavaName() == null || !t.getJavaName().startsWith("worker-")) {
                    continue;
                }
                String name = t.getJavaName() + " #" + t.getJavaThreadId();
                if (e.getEventType().getName().equals("jdk.JavaMonitorEnter")) {
                    RecordedThread owner = e.getThread("previousOwner");
                    monitorEnters.add(new Recorded(name, seconds(e.getStartTime(), origin), seconds(e.getEndTime(), origin),
                            owner == null ? null : owner.getJavaName() + " #" + owner.getJavaThreadId()));
                } else if (e.getEventType().getName().equals("jdk.ExecutionSample")) {
                    double at = seconds(e.getStartTime(), origin);
                    samples.add(new Recorded(name, at, at, null));
                } else if (e.getEventType().getName().equals("jdk.ThreadSleep")) {
                    sleeps.add(new Recorded(name, seconds(e.getStartTime(), origin), seconds(e.getEndTime(), origin), null));
                }
            }
        }
    }

    private static double seconds(Instant t, long origin) {
        return (t.getEpochSecond() * 1_000_000_000L + t.getNano() - origin) / 1e9;
    }

    private static String name(Container c) {
        return c.name().replace("\"", "");
    }

    private static Type type(String name) {
        return trace.types().stream().filter(t -> t.name().replace("\"", "").equals(name)).findFirst().orElseThrow();
    }

    private static Map<String, Container> workers() {
        return trace.containers().stream().filter(c -> name(c).startsWith("worker-"))
                .collect(Collectors.toMap(JfrImportTest::name, c -> c));
    }

    private static String value(Type type, int index) {
        return type.value(index).name().replace("\"", "");
    }

    /** {start, end} of each state of {@code value} in {@code c}. */
    private static List<double[]> states(Container c, String value) {
        Type ts = type("Thread state");
        StateTable table = c.states(ts);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; table != null && i < table.size(); i++) {
            if (value(ts, table.value(i)).equals(value)) {
                out.add(new double[] {table.start(i), table.end(i)});
            }
        }
        return out;
    }

    @Test
    void theRecordingHasSeveralChunks() throws Exception {
        assertThat(JfrChunks.of(recording)).as("the second recording rotates the chunk").hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void oneContainerPerWorkerInTheJvmBesideGcAndJit() {
        Map<String, Container> workers = workers();
        assertThat(workers).hasSize(LockAndSleep.WORKERS);
        assertThat(workers.keySet()).allMatch(n -> n.matches("worker-[123] #\\d+"));
        Container jvm = workers.values().iterator().next().parent();
        assertThat(name(jvm)).matches("JVM \\d+");
        assertThat(jvm.user().get("JVM_arguments")).contains("StartFlightRecording");
        assertThat(jvm.user().get("Java_arguments")).contains(LockAndSleep.class.getName());
        assertThat(workers.values()).allMatch(c -> c.parent() == jvm && name(c.type()).equals("Thread"));
        List<String> vm = trace.containers().stream().filter(c -> c.parent() == jvm && !name(c.type()).equals("Thread"))
                .map(JfrImportTest::name).toList();
        assertThat(vm).containsExactlyInAnyOrder("GC", "JIT");
    }

    private static String name(Type t) {
        return t.name().replace("\"", "");
    }

    @Test
    void monitorEntersAndSleepsAreStatesWithTheirRecordedTimes() {
        assertThat(monitorEnters).as("the lock was contended").isNotEmpty();
        assertThat(sleeps).hasSize(LockAndSleep.WORKERS * LockAndSleep.ROUNDS * 2);
        Map<String, Container> workers = workers();
        for (String value : List.of("Blocked", "Sleeping")) {
            List<Recorded> recorded = value.equals("Blocked") ? monitorEnters : sleeps;
            for (Map.Entry<String, Container> w : workers.entrySet()) {
                List<Recorded> mine = recorded.stream().filter(r -> r.thread().equals(w.getKey()))
                        .sorted((a, b) -> Double.compare(a.start(), b.start())).toList();
                List<double[]> states = states(w.getValue(), value);
                assertThat(states).as(value + " of " + w.getKey()).hasSameSizeAs(mine);
                for (int i = 0; i < mine.size(); i++) {
                    assertThat(states.get(i)[0]).as("start").isCloseTo(mine.get(i).start(), within(1e-9));
                    assertThat(states.get(i)[1]).as("end").isCloseTo(mine.get(i).end(), within(1e-9));
                }
            }
        }
    }

    @Test
    void linksGoFromThePreviousOwnerToTheWaiterWhenItGetsTheMonitor() {
        Container jvm = workers().values().iterator().next().parent();
        LinkTable links = jvm.links(type("Monitor handoff"));
        List<String> found = new ArrayList<>();
        for (int i = 0; i < links.size(); i++) {
            if (!name(trace.container(links.to(i))).startsWith("worker-")) {
                continue; // the JVM's own threads contend too; the recording's oracle lists the workers'
            }
            found.add(name(trace.container(links.from(i))) + " -> " + name(trace.container(links.to(i))) + " at "
                    + Math.round(links.start(i) * 1e9) + "/" + Math.round(links.end(i) * 1e9));
        }
        List<String> expected = monitorEnters.stream().filter(r -> r.owner() != null && !r.owner().equals(r.thread()))
                .map(r -> r.owner() + " -> " + r.thread() + " at " + Math.round(r.end() * 1e9) + "/" + Math.round(r.end() * 1e9))
                .toList();
        assertThat(expected).isNotEmpty();
        assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void runningComesFromSamplesAndNeverOverlapsABlockingState() {
        Assumptions.assumeTrue(!samples.isEmpty(), "the JFR sampler recorded no sample of a worker (a loaded machine)");
        Map<String, Container> workers = workers();
        for (Map.Entry<String, Container> w : workers.entrySet()) {
            List<double[]> run = states(w.getValue(), "Running");
            List<double[]> blocking = new ArrayList<>(states(w.getValue(), "Blocked"));
            blocking.addAll(states(w.getValue(), "Sleeping"));
            for (double[] r : run) {
                for (double[] b : blocking) {
                    assertThat(r[1] <= b[0] || r[0] >= b[1]).as("running %s overlaps %s", r, b).isTrue();
                }
            }
            for (Recorded s : samples.stream().filter(s -> s.thread().equals(w.getKey())).toList()) {
                boolean blocked = blocking.stream().anyMatch(b -> b[0] <= s.start() && s.start() < b[1]);
                boolean running = run.stream().anyMatch(r -> r[0] <= s.start() + 1e-9 && s.start() < r[1]);
                assertThat(blocked || running).as("the sample at %s of %s is in a Running state", s.start(), w.getKey())
                        .isTrue();
            }
        }
    }

    @Test
    void gcPausesAreStatesOfTheGcContainerAndTheHeapIsAVariable() {
        Container gc = trace.containers().stream().filter(c -> name(c).equals("GC")).findFirst().orElseThrow();
        StateTable collections = gc.states(type("Collection"));
        assertThat(collections).isNotNull();
        assertThat(collections.size()).as("System.gc() collects").isPositive();
        Container jvm = gc.parent();
        VariableTable heap = jvm.variable(type("Heap used (MiB)"));
        assertThat(heap.size()).isPositive();
        assertThat(heap.value(0)).isPositive();
        assertThat(jvm.variable(type("Heap committed (MiB)")).value(0)).isGreaterThanOrEqualTo(heap.value(0));
    }

    @Test
    void errorsAreEventsWithTheSourceLineThatThrewThem() throws IOException {
        new CsvExport(trace).write(dir);
        List<String> lines = Files.readAllLines(dir.resolve("events.csv"));
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<Map<String, String>> errors = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1); // no field of these events holds a comma
            if (cells.length == header.size() && cells[header.indexOf("value")].equals("Error")) {
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < cells.length; i++) {
                    row.put(header.get(i), cells[i]);
                }
                errors.add(row);
            }
        }
        assertThat(errors).hasSize(LockAndSleep.WORKERS);
        assertThat(errors).allSatisfy(e -> {
            assertThat(e.get("Detail")).isEqualTo("java.lang.AssertionError: round 4 failed on purpose");
            assertThat(e.get("File")).isEqualTo("dev/paje/imports/jfr/LockAndSleep.java");
            assertThat(e.get("Line")).matches("\\d+");
            assertThat(e.get("Stack")).contains("dev.paje.imports.jfr.LockAndSleep.work:" + e.get("Line"));
        });
    }

    @Test
    void eachWorkerHasAnAllocationRateFromTheSamplesAtChunkBoundaries() {
        Type rate = type("Allocation rate (MiB/s)");
        for (Map.Entry<String, Container> w : workers().entrySet()) {
            VariableTable v = w.getValue().variable(rate);
            assertThat(v).as("%s lives across a chunk rotation: two allocation samples", w.getKey()).isNotNull();
            for (int i = 0; i < v.size(); i++) {
                assertThat(v.value(i)).isGreaterThanOrEqualTo(0);
            }
        }
    }

    @Test
    void correctionsAreSaidInOneImportNoteOfTheJvm() {
        // A quiet machine records no overlapping events (no note); a loaded one sometimes does: the importer
        // then corrects them and says so once, on the JVM, never per thread and never silently.
        Type note = type("Import note");
        for (var c : trace.containers()) {
            var notes = c.events(note);
            if (notes != null) {
                assertThat(name(c)).as("the container of the import note").startsWith("JVM");
                assertThat(notes.size()).as("import notes").isEqualTo(1);
            }
        }
    }

    @Test
    void theTypeHierarchyIsTheDocumentedOne() throws IOException {
        StringWriter out = new StringWriter();
        new PajeHierarchy(trace).types(out);
        String types = out.toString().lines().filter(l -> !l.endsWith(", Value") || l.startsWith("Thread state,"))
                .collect(Collectors.joining("\n", "", "\n"));
        assertThat(types).isEqualTo("""
                Parent, Name, Nature
                0, JVM, Container
                JVM, Thread, Container
                JVM, Monitor handoff, Link
                JVM, JIT, Container
                JVM, Import note, Event
                JVM, Heap used (MiB), Variable
                JVM, Heap committed (MiB), Variable
                JVM, GC, Container
                JVM, CPU JVM user (%), Variable
                JVM, CPU JVM system (%), Variable
                JVM, CPU machine (%), Variable
                GC, GC concurrent phase, State
                GC, GC phase, State
                GC, Collection, State
                JIT, JIT event, Event
                JIT, Compiler thread, Container
                Compiler thread, Compilation, State
                Thread, Thread state, State
                Thread state, Blocked, Value
                Thread state, File read, Value
                Thread state, File write, Value
                Thread state, Parked, Value
                Thread state, Running, Value
                Thread state, Sleeping, Value
                Thread state, Socket read, Value
                Thread state, Socket write, Value
                Thread state, Waiting, Value
                Thread, Thread event, Event
                Thread, Allocation rate (MiB/s), Variable
                """);
    }

    private Path convert(String name) throws IOException, ImportException {
        Path converted = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(converted)) {
            PajeText text = new PajeText(out);
            new JfrImporter().convert(recording, text);
            text.flush();
        }
        return converted;
    }

    @Test
    void theConvertedTraceIsValidAndPajeNgReadsItTheSame() throws IOException, ImportException, InterruptedException {
        Path converted = convert("lock-and-sleep.trace");
        assertThat(Files.readAllBytes(convert("again.trace"))).as("the same text at every run")
                .isEqualTo(Files.readAllBytes(converted));
        TraceLoader.Loaded again = TraceLoader.builder().build().load(converted);
        assertThat(again.problems()).as("paje validate").isEmpty();
        Path pjDump = Path.of("/usr/bin/pj_dump");
        Assumptions.assumeTrue(Files.isExecutable(pjDump), "PajeNG's pj_dump is not installed: skipping its check");
        Process p = new ProcessBuilder(pjDump.toString(), converted.toString()).redirectErrorStream(true).start();
        String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(dump.length() > 2000 ? dump.substring(0, 2000) : dump).isZero();
        Map<String, Integer> blocked = new HashMap<>();
        dump.lines().filter(l -> l.startsWith("State, ") && l.contains(", Thread state, ") && l.endsWith(", Blocked"))
                .forEach(l -> blocked.merge(l.split(", ")[1].replace("\"", ""), 1, Integer::sum));
        for (Map.Entry<String, Container> w : workers().entrySet()) {
            assertThat(blocked.getOrDefault(w.getKey(), 0)).as(w.getKey()).isEqualTo(states(w.getValue(), "Blocked").size());
        }
        assertThat(dump).contains("Link, ", "Monitor handoff");
    }
}
