package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the API writes reads back, entity by entity, in paje's reader (and in PajeNG's pj_dump). */
class RoundTripTest {
    @TempDir
    Path dir;

    /** Every kind of call, at chosen times (a manual clock), in a strict tracer. */
    private static byte[] sample(boolean gzip) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        Tracer.Builder b = Tracer.builder().clock(() -> now[0]).strict(true).gzip(gzip);
        UserFields size = b.userFields(UserFields.Kind.START_LINK, "Size");
        UserFields where = b.userFields(UserFields.Kind.NEW_EVENT, "File", "Line");
        UserFields mark = b.userFields(UserFields.Kind.PUSH_STATE, "Mark");
        try (Tracer t = b.open(bytes, "memory")) {
            ContainerType process = t.containerType("Process");
            ContainerType thread = t.containerType("Java thread", process);
            StateType state = t.stateType("State", thread);
            Value running = state.value("Running", "0 1 0");
            Value blocked = state.value("Blocked on \"lock\"");
            Value waiting = state.value("Waiting");
            EventType thrown = t.eventType("Exception", thread);
            Value oom = thrown.value("OutOfMemoryError");
            VariableType queue = t.variableType("Queue length", process, "1 0 0");
            LinkType message = t.linkType("Message", process, thread, thread);
            Value msg = message.value("msg");
            Container p = t.createContainer("JVM 42", process);
            Container producer = t.createContainer("producer", thread, p);
            Container consumer = t.createContainer("consümer ☕", thread, p);
            now[0] = 1_000_000_000L;
            producer.pushState(state, running);
            p.setVariable(queue, 0);
            now[0] = 1_250_000_000L;
            producer.pushState(state, blocked, mark.values().set(0, 3));
            p.startLink(message, producer, msg, 7, size.values().set(0, 1024));
            p.addVariable(queue, 2.5);
            now[0] = 1_500_000_001L;
            producer.popState(state);
            consumer.setState(state, waiting);
            consumer.event(thrown, oom);
            consumer.event(thrown, "java.io.IOException: disk\nfull", where.values().set(0, "Main.java").set(1, 12));
            now[0] = 2_000_000_000L;
            p.endLink(message, consumer, msg, 7);
            p.subVariable(queue, 0.125);
            consumer.resetState(state);
            now[0] = 3_000_000_000L;
            producer.popState(state);
            consumer.destroy();
            assertThat(t.lines()).isEqualTo(17);
        }
        return bytes.toByteArray();
    }

    @Test
    void everyCallReadsBackAsWritten() throws IOException {
        ReadBack r = ReadBack.of(sample(false), dir);
        assertThat(r.rows("containers")).containsExactly("container,parent,type,start,end,duration",
                "0,,0,0,3,3", "JVM 42,0,Process,0,3,3", "producer,JVM 42,Java thread,0,3,3",
                "consümer ☕,JVM 42,Java thread,0,3,3");
        // durations are the reader's differences of the two times (binary floating point)
        assertThat(r.rows("states")).containsExactlyInAnyOrder("container,type,start,end,duration,imbrication,value,Mark",
                "producer,State,1,3,2,0,Running,", "producer,State,1.25,1.500000001,0.2500000010000001,1,Blocked on 'lock',3",
                "consümer ☕,State,1.500000001,2,0.4999999989999999,0,Waiting,");
        assertThat(r.rows("events")).containsExactly("container,type,time,value,File,Line",
                "consümer ☕,Exception,1.500000001,OutOfMemoryError,,",
                "consümer ☕,Exception,1.500000001,java.io.IOException: disk full,Main.java,12");
        assertThat(r.rows("links")).containsExactly(
                "container,type,start,end,duration,value,start_container,end_container,key,Size",
                "JVM 42,Message,1.25,2,0.75,msg,producer,consümer ☕,7,1024");
        assertThat(r.rows("variables")).containsExactly("container,type,start,end,duration,value",
                "JVM 42,Queue length,1,1.25,0.25,0", "JVM 42,Queue length,1.25,2,0.75,2.5",
                "JVM 42,Queue length,2,3,1,2.375");
    }

    @Test
    void gzipOutputIsTheSameTrace() throws IOException {
        byte[] plain = sample(false);
        byte[] unzipped = new GZIPInputStream(new ByteArrayInputStream(sample(true))).readAllBytes();
        assertThat(new String(unzipped, StandardCharsets.UTF_8)).isEqualTo(new String(plain, StandardCharsets.UTF_8));
    }

    @Test
    void pajeNgReadsItToo() throws IOException, InterruptedException {
        Path pjDump = Path.of("/usr/bin/pj_dump");
        Assumptions.assumeTrue(Files.isExecutable(pjDump), "PajeNG's pj_dump is not installed: skipped");
        Path trace = Files.write(dir.resolve("api.trace"), sample(false));
        Process p = new ProcessBuilder(pjDump.toString(), trace.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("Link, JVM 42, Message, 1.250000, 2.000000, 0.750000, msg, producer, consümer ☕, 7",
                "State, producer, State, 1.250000, 1.500000, 0.250000, 1.000000, Blocked on 'lock'");
    }

    /** Seeded random variable values and times come back as the same doubles (15 significant digits). */
    @Test
    void randomNumbersAndTimesReadBackExactly() throws IOException {
        SplittableRandom random = new SplittableRandom(18);
        int n = 2000;
        double[] values = new double[n];
        long[] times = new long[n];
        long time = 0;
        for (int i = 0; i < n; i++) {
            time += random.nextLong(1, 5_000_000_000L);
            times[i] = time;
            long digits = random.nextLong(1, 1_000_000_000_000_000L); // at most 15 significant digits
            double v = Double.parseDouble(digits + "e" + random.nextInt(-40, 20));
            values[i] = switch (i % 4) {
                case 0 -> v;
                case 1 -> -v;
                case 2 -> random.nextLong(-1L << 53, 1L << 53); // integers, exact
                default -> random.nextInt(-1000, 1000) / 8.0;
            };
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int[] next = {0};
        try (Tracer t = Tracer.builder().strict(true).clock(() -> times[next[0]]).open(bytes, "memory")) {
            ContainerType box = t.containerType("Box");
            VariableType x = t.variableType("X", box);
            Container c = t.createContainer("c", box);
            for (int i = 0; i < n; i++) {
                next[0] = i;
                c.setVariable(x, values[i]);
            }
        }
        List<String> rows = ReadBack.of(bytes.toByteArray(), dir).rows("variables");
        List<Double> read = new ArrayList<>();
        List<Double> starts = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            starts.add(Double.parseDouble(f[2]));
            read.add(Double.parseDouble(f[5]));
        }
        assertThat(read).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(read.get(i)).as("value %d", i).isEqualTo(values[i]);
            assertThat(starts.get(i)).as("time %d", i).isEqualTo(times[i] / 1e9);
        }
    }
}
