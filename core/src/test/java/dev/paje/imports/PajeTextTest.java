package dev.paje.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.TraceLoader;
import dev.paje.export.CsvExport;
import dev.paje.read.EventKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What importers write reads back, names and user fields intact, in our reader and in PajeNG's pj_dump. */
class PajeTextTest {
    @TempDir
    Path dir;

    private static byte[] sample() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PajeText out = new PajeText(bytes);
        PajeText.Shape tagged = out.shape(EventKind.NEW_EVENT, "Frame", "Line no");
        PajeText.Shape host = out.shape(EventKind.CREATE_CONTAINER, "Pid", "Args");
        out.containerType("M", "0", "Machine");
        out.containerType("T", "M", "Java thread");
        out.stateType("S", "T", "State");
        out.eventType("E", "T", "Exception");
        out.linkType("L", "M", "T", "T", "Blocked by");
        out.variableType("H", "M", "Heap used", "0 0.5 1");
        out.value("run", "S", "Running", "0 1 0");
        out.entity(host, 0, new String[] {"m", "M", "0", "my host"}, "42", "-XX:Flag#x=0");
        out.createContainer(0, "t1", "T", "m", "worker \"1\"");
        out.createContainer(0.5, "t2", "T", "m", "");
        out.setState(1, "S", "t1", "run");
        out.pushState(1.25, "S", "t1", "Blocked on java.lang.Object");
        out.popState(2, "S", "t1");
        out.resetState(2.5, "S", "t1");
        out.entity(tagged, 1.5, new String[] {"E", "t2", "java.io.IOException: disk\nfull"}, "Main.run(Main.java:12)", "12");
        out.event(1.75, "E", "t2", "é ü");
        out.startLink(1.25, "L", "m", "t2", "monitor", "k 1");
        out.endLink(2, "L", "m", "t1", "monitor", "k 1");
        out.setVariable(0, "H", "m", 1e9);
        out.addVariable(1, "H", "m", 2.5e8);
        out.subVariable(2, "H", "m", 1e8);
        out.destroyContainer(3, "T", "t2");
        out.flush();
        return bytes.toByteArray();
    }

    @Test
    void everyEventReadsBackWithNamesAndUserFields() throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build()
                .load(new ByteArrayInputStream(sample()), "sample", dir);
        assertThat(loaded.problems()).isEmpty();
        java.util.Map<String, String> hostFields = loaded.trace().containers().stream().filter(c -> "m".equals(c.alias()))
                .findFirst().orElseThrow().user(); // the reader keeps a token's quotes
        assertThat(hostFields).containsEntry("Pid", "42").containsEntry("Args", "\"-XX:Flag#x=0\"");
        CsvExport csv = new CsvExport(loaded.trace());
        csv.write(dir);
        String states = Files.readString(dir.resolve("states.csv"));
        String events = Files.readString(dir.resolve("events.csv"));
        String links = Files.readString(dir.resolve("links.csv"));
        String variables = Files.readString(dir.resolve("variables.csv"));
        assertThat(states).contains("worker '1',State,1,2.5,1.5,0,Running", "worker '1',State,1.25,2,0.75,1,Blocked on java.lang.Object");
        assertThat(events).contains(",Exception,1.5,java.io.IOException: disk full,Main.run(Main.java:12),12",
                ",Exception,1.75,é ü,,");
        assertThat(events.lines().findFirst().orElseThrow()).isEqualTo("container,type,time,value,Frame,Line_no");
        assertThat(links).contains("my host,Blocked by,1.25,2,0.75,monitor,,worker '1',k 1");
        assertThat(variables).contains("my host,Heap used,0,1,1,1000000000", "my host,Heap used,1,2,1,1250000000",
                "my host,Heap used,2,3,1,1150000000");
    }

    @Test
    void pajeNgReadsItToo() throws IOException, InterruptedException {
        Path pjDump = Path.of("/usr/bin/pj_dump");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(pjDump), "PajeNG's pj_dump is not installed");
        Path trace = Files.write(dir.resolve("sample.trace"), sample());
        Process p = new ProcessBuilder(pjDump.toString(), trace.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("Blocked on java.lang.Object", "k 1", "my host");
    }

    @Test
    void aHashInANameIsQuotedSoItStartsNoComment() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PajeText out = new PajeText(bytes);
        out.containerType("P", "0", "Process");
        out.createContainer(0, "p", "P", "0", "P#0T#1");
        out.flush();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("6 0 p P 0 \"P#0T#1\"\n");
        TraceLoader.Loaded loaded = TraceLoader.builder().build()
                .load(new ByteArrayInputStream(bytes.toByteArray()), "hash", dir);
        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.trace().containers()).extracting(dev.paje.store.Container::name).contains("\"P#0T#1\"");
    }

    @Test
    void shapesComeBeforeTheFirstLine() {
        PajeText out = new PajeText(new ByteArrayOutputStream());
        out.containerType("M", "0", "Machine");
        assertThatThrownBy(() -> out.shape(EventKind.PUSH_STATE, "X")).isInstanceOf(IllegalStateException.class);
        PajeText fresh = new PajeText(new ByteArrayOutputStream());
        assertThatThrownBy(() -> fresh.shape(EventKind.DESTROY_CONTAINER, "X")).isInstanceOf(IllegalArgumentException.class);
        PajeText.Shape s = fresh.shape(EventKind.NEW_EVENT, "A");
        assertThatThrownBy(() -> fresh.entity(s, 0, new String[] {"E", "c", "v"}))
                .hasMessageContaining("takes 1 values, not 0");
    }
}
