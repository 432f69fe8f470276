package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Names;
import dev.paje.testing.EventDefs;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link RunSummarizer} takes a run a piece of records at a time: what a run summarizes (its earliest and latest times,
 * an entry's rows and depths) is the same as in one pass when the run spans several pieces, the earliest time in the
 * first piece, the latest in a middle one, and one entry's records in every piece.
 */
class RunSummarizerPieceTest {
    @Test
    void aRunOverSeveralPiecesIsSummarizedAsOne() {
        StringBuilder sb = new StringBuilder(EventDefs.of("""
                PajeDefineContainerType 0 Alias Type Name
                PajeDefineStateType 2 Alias Type Name
                PajeCreateContainer 6 Time Alias Type Container Name
                PajeSetState 11 Time Container Type Value
                PajePushState 12 Time Container Type Value
                PajePopState 13 Time Container Type
                """)).append("""
                0 T 0 Thread
                2 ST T State
                6 0.000000 t0 T 0 t0
                6 0.000000 t1 T 0 t1
                6 0.000000 t2 T 0 t2
                11 1.000000 t0 ST a
                """);
        for (int k = 0; k < 68; k++) { // records 1 to 40 and 42 to 69: pushes of t1; record 41: t2's latest time
            sb.append("12 ").append(2 + k).append(".000000 t1 ST b\n");
            if (k == 39) {
                sb.append("11 500.000000 t2 ST a\n");
            }
        }
        for (int k = 0; k < 22; k++) { // records 70 to 91: pops of t1, in the last piece
            sb.append("13 ").append(70 + k).append(".000000 t1 ST\n");
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] data = java.util.Arrays.copyOf(text, text.length + ChunkTokenizer.PAD);
        Header header = Header.prefix(data, text.length, false);
        RunSummary s = new RunSummary();
        new ChunkTokenizer(new NameMaps(new Names()), false)
                .tokenize(new Batch(data, text.length, 1), header, new RunSummarizer(), s);

        assertThat(s.failure()).isNull();
        assertThat(s.runs).as("one run after the raw lines").isEqualTo(1);
        assertThat(s.runTo[0] - s.runFrom[0]).as("records of the run").isEqualTo(92);
        assertThat(s.runMinTime(0)).as("the earliest time, in the first piece").isEqualTo(1.0);
        assertThat(s.runMaxTime(0)).as("the latest time, in a middle piece").isEqualTo(500.0);
        assertThat(s.entryEnd(0) - s.entryStart(0)).as("t0, t1 and t2's states").isEqualTo(3);
        int t1 = s.entryStart(0) + 1; // in the order of their first records
        assertThat(s.rows(t1)).as("t1's pushes").isEqualTo(68);
        assertThat(s.depth(t1)).as("68 pushes, then 22 pops").isEqualTo(46);
        assertThat(s.highest(t1)).as("the depth before the last push").isEqualTo(67);
        assertThat(s.lowest(t1)).isZero();
        assertThat(s.firstTime(t1)).isEqualTo(2.0);
        assertThat(s.lastTime(t1)).isEqualTo(91.0);
        assertThat(s.maxTime(s.entryStart(0) + 2)).as("t2's").isEqualTo(500.0);
    }
}
