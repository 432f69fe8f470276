package dev.paje.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Clocks keep each container's latest time and its line side by side in one array: neighbours must not mix. */
class ClocksTest {
    @Test
    void eachContainerKeepsItsLatestTimeAndLineAcrossGrowth() {
        Clocks clocks = new Clocks();
        assertThat(clocks.time(3)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(clocks.time(5000)).as("never ticked, past the arrays").isEqualTo(Double.NEGATIVE_INFINITY);
        clocks.tick(3, 2.5, 10);
        clocks.seen(3, 1.0, 11); // earlier: the latest stays
        clocks.tick(4, 7.0, 12);
        clocks.tick(200, 0.5, 13); // grows the arrays
        clocks.seen(200, 0.75, 14);
        clocks.tick(64, -1.0, 15); // a new slot of the grown part starts at -infinity
        clocks.destroyed(4, 99);
        assertThat(clocks.time(3)).isEqualTo(2.5);
        assertThat(clocks.line(3)).isEqualTo(10);
        assertThat(clocks.time(4)).isEqualTo(7.0);
        assertThat(clocks.line(4)).isEqualTo(12);
        assertThat(clocks.time(200)).isEqualTo(0.75);
        assertThat(clocks.line(200)).isEqualTo(14);
        assertThat(clocks.time(64)).isEqualTo(-1.0);
        assertThat(clocks.line(64)).isEqualTo(15);
        assertThat(clocks.time(199)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(clocks.line(199)).isZero();
        assertThat(clocks.destroyedLine(4)).isEqualTo(99);
        assertThat(clocks.destroyedLine(3)).isZero();
    }
}
