package dev.paje.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command reads an imported format through the loader: detected by content, streamed, cached, errors located. */
class ImportPathTest {
    @TempDir
    Path dir;

    private TraceLoader.Builder loader() {
        return TraceLoader.builder().importers(List.of(new ToyImporter()));
    }

    private static String dump(TraceLoader.Loaded loaded) throws IOException {
        assertThat(loaded.problems()).isEmpty();
        StringWriter out = new StringWriter();
        new DumpWriter(DumpOptions.defaults()).write(loaded.trace(), out);
        return out.toString();
    }

    private Path toy(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), "TOY\n" + String.join("\n", lines) + "\n");
    }

    @Test
    void aToyTraceIsDetectedByContentAndSimulated() throws IOException {
        Path t = toy("run.data", "push 1 t1 compute", "push 1.5 t1 send", "send 1.5 t1 x k1 4096", "pop 2 t1",
                "recv 2.5 t2 x k1", "load 3 t2 0.25", "pop 4 t1");
        String dump = dump(loader().build().load(t));
        assertThat(dump).contains("State, \"thread t1\", Region, 1.000000, 4.000000, 3.000000, 0.000000, compute",
                "State, \"thread t1\", Region, 1.500000, 2.000000, 0.500000, 1.000000, send",
                "Link, \"the process\", Message, 1.500000, 2.500000, 1.000000, msg, \"thread t1\", \"thread t2\", k1",
                "Variable, \"thread t2\", Load, 3.000000, 4.000000, 1.000000, 0.250000");
    }

    @Test
    void withoutTheImporterTheSameFileIsAnInvalidPajeTrace() throws IOException {
        Path t = toy("run.data", "push 1 t1 compute");
        TraceLoader.Loaded loaded = TraceLoader.builder().importers(List.of()).build().load(t);
        assertThat(loaded.valid()).isFalse();
    }

    @Test
    void anInvalidInputIsOneProblemNamingTheFileAndTheByte() throws IOException {
        Path t = toy("bad.data", "push 1 t1 compute", "jump 2 t1");
        TraceLoader.Loaded loaded = loader().build().load(t);
        assertThat(loaded.valid()).isFalse();
        assertThat(loaded.trace()).isNull();
        assertThat(loaded.problems()).hasSize(1);
        assertThat(loaded.problems().get(0).format())
                .isEqualTo(t + ": at byte 22: unknown record 'jump': expected push, pop, send, recv or load");
    }

    @Test
    void whatThePajeSimulatorRejectsIsReportedToo() throws IOException {
        Path t = toy("pop.data", "pop 1 t1");
        TraceLoader.Loaded loaded = loader().build().load(t);
        assertThat(loaded.valid()).isFalse();
        assertThat(loaded.problems()).isNotEmpty();
        assertThat(loaded.problems().get(0).file()).isEqualTo(t.toString());
    }

    @Test
    void aLongImportStreamsThroughManyBlocksAndAFailureAtTheEndStillStops() throws IOException {
        Random random = new Random(7);
        StringBuilder sb = new StringBuilder("TOY\n");
        double time = 0;
        int pushes = 0;
        for (int i = 0; i < 200_000; i++) {
            time += 0.001;
            String thread = "t" + random.nextInt(16);
            sb.append("push ").append(time).append(' ').append(thread).append(" v").append(random.nextInt(5)).append('\n');
            sb.append("pop ").append(time + 0.0005).append(' ').append(thread).append('\n');
            pushes++;
        }
        Path good = Files.writeString(dir.resolve("long.data"), sb);
        TraceLoader.Loaded loaded = loader().build().load(good);
        assertThat(loaded.valid()).isTrue();
        dev.paje.store.Type region = loaded.trace().types().stream().filter(ty -> "Region".equals(ty.name()))
                .findFirst().orElseThrow();
        long states = loaded.trace().containers().stream()
                .mapToLong(c -> c.states(region) == null ? 0 : c.states(region).size()).sum();
        assertThat(states).isEqualTo(pushes);

        Path bad = Files.writeString(dir.resolve("long-bad.data"), sb + "oops 1 t1\n");
        TraceLoader.Loaded failed = loader().build().load(bad);
        assertThat(failed.valid()).isFalse();
        assertThat(failed.problems().get(0).message()).startsWith("at byte " + (sb.length()) + ": unknown record 'oops'");
    }

    @Test
    void anImportedTraceIsCachedLikeAPajeTrace() throws IOException {
        Path t = toy("cached.data", "push 1 t1 compute", "pop 2 t1");
        TraceLoader l = loader().cache(new CachePolicy(true, 0, dir.resolve("cache"))).build();
        TraceLoader.Loaded first = l.load(t);
        TraceLoader.Loaded second = l.load(t);
        assertThat(first.fromCache()).isFalse();
        assertThat(second.fromCache()).isTrue();
        assertThat(dump(second)).isEqualTo(dump(first));
    }
}
