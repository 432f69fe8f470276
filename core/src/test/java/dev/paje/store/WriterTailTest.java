package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The writer's copies of a table's last row (VariableTable's last step, EventTable's last time) agree
 * with the rows, also for a table whose rows it did not write itself (read back: it must read them).
 */
class WriterTailTest {

    @Test
    void variableStepsReplaceCloseAndReopen() {
        VariableTable t = new VariableTable();
        assertThat(t.current()).isZero();
        assertThat(t.lastStart()).isEqualTo(Double.NEGATIVE_INFINITY);
        t.step(1, 5);
        assertThat(t.step(1, 7)).as("a change at the open step's start replaces its value").isZero();
        assertThat(t.current()).isEqualTo(7);
        assertThat(t.step(2, 9)).isEqualTo(1);
        assertThat(t.end(0)).isEqualTo(2);
        t.close(3);
        assertThat(t.end(1)).isEqualTo(3);
        t.close(4); // nothing open: unchanged
        assertThat(t.end(1)).isEqualTo(3);
        assertThat(t.step(3, 1)).as("a closed step is not replaced, even at its start time").isEqualTo(2);
        assertThat(t.value(1)).isEqualTo(9);
        assertThat(t.lastStart()).isEqualTo(3);
        assertThat(t.current()).isEqualTo(1);
    }

    @Test
    void aVariableTableOverRowsWrittenElsewhereReadsItsLastRow() {
        VariableTable first = new VariableTable();
        first.step(1, 5);
        first.step(2, 6);
        VariableTable t = new VariableTable(first.rows); // rows it did not write: no copy of the last one
        assertThat(t.current()).isEqualTo(6);
        assertThat(t.lastStart()).isEqualTo(2);
        assertThat(t.step(2, 8)).as("the last row is still open: replaced").isEqualTo(1);
        assertThat(t.value(1)).isEqualTo(8);
        VariableTable closed = new VariableTable(t.rows);
        t.close(4);
        assertThat(closed.step(4, 1)).as("closed by another writer: a new step").isEqualTo(2);
        assertThat(closed.end(1)).isEqualTo(4);
    }

    @Test
    void eventTablesKnowTheirLastTime() {
        EventTable t = new EventTable();
        assertThat(t.lastTime()).isEqualTo(Double.NEGATIVE_INFINITY);
        t.add(1.5, 0);
        t.add(2.5, 1);
        assertThat(t.lastTime()).isEqualTo(2.5);
        assertThat(new EventTable(t.rows).lastTime()).isEqualTo(2.5);
        assertThat(t.value(1)).isEqualTo(1);
    }
}
