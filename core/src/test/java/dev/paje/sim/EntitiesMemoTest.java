package dev.paje.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.testing.EventDefs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's memo of resolved (type, container) pairs (Entities) must not outlive what it resolved: a type name
 * taken over by a later type, a destroyed container.
 */
class EntitiesMemoTest {
    private static final String HEADER = EventDefs.of("""
            PajeDefineContainerType 0 Alias Type Name
            PajeDefineStateType 1 Alias Type Name
            PajeCreateContainer 6 Time Alias Type Container Name
            PajeDestroyContainer 7 Time Type Name
            PajeSetState 10 Time Container Type Value
            """);

    @TempDir
    Path dir;

    @Test
    void aNameTakenOverAndADestroyedContainerAreResolvedAgain() throws IOException {
        Path file = dir.resolve("t.trace");
        Files.writeString(file, HEADER + """
                0 CT 0 CT
                1 A1 CT S
                6 0.0 c CT 0 c
                10 1.0 c S v1
                10 2.0 c S v2
                1 A2 CT S
                10 3.0 c S v3
                10 4.0 c S v4
                7 5.0 CT c
                10 6.0 c S v5
                """);
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(10).build().load(file);
        assertThat(loaded.problems()).hasSize(1);
        assertThat(loaded.problems().get(0).message()).contains("'c' was destroyed");
        Trace trace = loaded.trace();
        Container c = trace.containers().stream().filter(x -> x.name().equals("c")).findFirst().orElseThrow();
        assertThat(rows(trace, c, "A1")).as("the first type named S").isEqualTo(2);
        assertThat(rows(trace, c, "A2")).as("the type that took the name over").isEqualTo(2);
    }

    private static int rows(Trace trace, Container c, String alias) {
        Type t = trace.types().stream().filter(x -> alias.equals(x.alias())).findFirst().orElseThrow();
        EntityTable table = c.table(t);
        return table == null ? 0 : table.size();
    }
}
