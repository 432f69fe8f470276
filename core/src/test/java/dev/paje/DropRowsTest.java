package dev.paje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.testing.TraceMutator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load that keeps no entity ({@code keepEntities(false)}, what {@code paje validate} without a
 * cache does) must find exactly what a load writing the store finds: the same problems, warnings,
 * counts, containers and rows per table, on valid traces, on seeded random damage, with and
 * without PajeNG's flat mode.
 */
class DropRowsTest {
    private static final int MAX_PROBLEMS = 50;

    @TempDir
    Path dir;

    /** A synthetic trace plus links whose end comes first, that never end or start, and whose values differ. */
    private Path trace(long seed) throws IOException {
        Path file = SyntheticTrace.write(dir.resolve("t" + seed + ".trace"), 2, 3, 20, seed);
        String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        int end = text.lastIndexOf("\n7 ") + 1;
        String extra = "5 recv MSG Recv \"0 0 0\"\n"
                + "18 20.50 m1 MSG t1 send e1\n17 20.60 m1 MSG t0 send e1 9\n"
                + "18 20.61 m1 MSG t2 send e2\n18 20.62 m1 MSG t3 send e2\n17 20.63 m1 MSG t0 send e2 4\n"
                + "17 20.70 m1 MSG t0 send lonely 3\n18 20.71 m1 MSG t2 send orphan\n"
                + "17 20.80 m1 MSG t0 send mm 1\n18 20.90 m1 MSG t3 recv mm\n";
        Files.writeString(file, text.substring(0, end) + extra + text.substring(end), StandardCharsets.ISO_8859_1);
        return file;
    }

    @Test
    void droppingFindsWhatKeepingFinds() throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            Path file = trace(seed);
            for (boolean flat : new boolean[] {false, true}) {
                TraceLoader.Loaded kept = load(file, true, flat);
                TraceLoader.Loaded dropped = load(file, false, flat);
                assertThat(kept.problems()).as("the test trace has its link problems").isNotEmpty();
                assertSame(kept, dropped, "seed " + seed + (flat ? ", flat" : ""));
            }
        }
    }

    @Test
    void droppingFindsWhatKeepingFindsOnRandomDamage() throws IOException {
        byte[] original = Files.readAllBytes(trace(7));
        Path target = dir.resolve("mutant.trace");
        for (long seed = 0; seed < 150; seed++) {
            TraceMutator.Mutant mutant = TraceMutator.mutate(original, seed);
            Files.write(target, mutant.bytes());
            boolean flat = seed % 2 == 1;
            String context = "mutation seed " + seed + " " + mutant.applied() + (flat ? ", flat" : "");
            assertSame(load(target, true, flat), load(target, false, flat), context);
        }
    }

    @Test
    void aDroppedTableCountsItsRowsButHasNone() throws IOException {
        TraceLoader.Loaded dropped = load(trace(1), false, false);
        StateTable states = null;
        for (Container c : dropped.trace().containers()) {
            for (Type t : dropped.trace().types()) {
                if (c.table(t) instanceof StateTable s && s.size() > 0) {
                    states = s;
                }
            }
        }
        assertThat(states).as("a state table with rows").isNotNull();
        StateTable table = states;
        assertThatThrownBy(() -> table.start(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not kept");
    }

    private TraceLoader.Loaded load(Path file, boolean keep, boolean flat) throws IOException {
        return TraceLoader.builder().collectProblems(MAX_PROBLEMS).noImbrication(flat).keepEntities(keep).build()
                .load(file);
    }

    private static void assertSame(TraceLoader.Loaded kept, TraceLoader.Loaded dropped, String context) {
        assertThat(dropped.problems()).as("problems; %s", context).isEqualTo(kept.problems());
        assertThat(dropped.warnings()).as("warnings; %s", context).isEqualTo(kept.warnings());
        assertThat(dropped.complete()).as("complete; %s", context).isEqualTo(kept.complete());
        assertThat(dropped.problemLines()).as("problem lines; %s", context).isEqualTo(kept.problemLines());
        assertThat(dropped.lines()).as("lines; %s", context).isEqualTo(kept.lines());
        assertThat(dropped.events()).as("events; %s", context).isEqualTo(kept.events());
        assertThat(dropped.trace() == null).as("trace; %s", context).isEqualTo(kept.trace() == null);
        if (kept.trace() != null) {
            assertThat(shape(dropped.trace())).as("containers and table sizes; %s", context)
                    .isEqualTo(shape(kept.trace()));
            assertThat(dropped.trace().start()).as("start; %s", context).isEqualTo(kept.trace().start());
            assertThat(dropped.trace().end()).as("end; %s", context).isEqualTo(kept.trace().end());
        }
    }

    /** Each container with its end and the size of each of its tables. */
    private static List<String> shape(Trace trace) {
        List<String> out = new ArrayList<>();
        for (Container c : trace.containers()) {
            StringBuilder b = new StringBuilder(c.name()).append(" end ").append(c.end());
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table != null) {
                    b.append(' ').append(t.name()).append('=').append(table.size());
                    if (table.userOrNull() != null) {
                        b.append(" user ").append(table.userOrNull().names());
                    }
                }
            }
            out.add(b.toString());
        }
        return out;
    }
}
