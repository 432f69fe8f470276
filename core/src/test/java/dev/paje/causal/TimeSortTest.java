package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fix-clocks' re-sort: timed lines by time (stable), definitions first, and no container before its parent. */
class TimeSortTest {
    @TempDir
    Path dir;

    private static final String TYPES = "0 M 0 Machine\n0 P M Process\n1 S P State\n2 E P Event\n";

    private String header() throws IOException {
        return CausalTraces.text("skew.trace").lines().filter(l -> l.startsWith("%")).reduce("", (a, l) -> a + l + "\n");
    }

    private String sort(String body, boolean expectSorted) throws IOException {
        Path trace = Files.writeString(dir.resolve("t.trace"), header() + body);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(TimeSort.sort(trace, out, false)).isEqualTo(expectSorted);
        return out.toString(StandardCharsets.UTF_8).substring(header().length());
    }

    @Test
    void timedLinesGoInTimeOrderEqualTimesInFileOrder() throws IOException {
        String body = TYPES + "5 0.0 m1 M 0 machine1\n5 0.5 p3 P m1 proc3\n8 0.2 S p3 Run\n"
                + "5 0.0 p1 P m1 proc1\n10 0.5 E p1 b\n10 0.3 E p1 a\n10 0.5 E p1 c\n1 X P Late\n9 0.9 S p3";
        assertThat(sort(body, true)).isEqualTo(TYPES + "1 X P Late\n5 0.0 m1 M 0 machine1\n5 0.0 p1 P m1 proc1\n"
                + "8 0.2 S p3 Run\n10 0.3 E p1 a\n5 0.5 p3 P m2 proc3\n10 0.5 E p1 b\n10 0.5 E p1 c\n9 0.9 S p3\n"
                .replace("m2", "m1"));
    }

    @Test
    void aContainerCreatedBeforeItsParentLeavesTheFileOrder() throws IOException {
        String body = TYPES + "5 0.5 m1 M 0 machine1\n5 0.1 p1 P m1 proc1\n8 0.2 S p1 Run\n";
        assertThat(sort(body, false)).isEqualTo(body);
    }

    @Test
    void stableSortKeepsEqualKeysInOrder() {
        double[] key = {3, 1, 2, 1, 3, 0, 2};
        int[] order = {0, 1, 2, 3, 4, 5, 6};
        assertThat(StableSort.byKey(order, key)).containsExactly(5, 1, 3, 2, 6, 0, 4);
        assertThat(StableSort.byKey(new int[0], new double[0])).isEmpty();
    }
}
