package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Durations as {@code paje causality} and {@code fix-clocks} print them: exact enough, with a unit. */
class QuantitiesTest {
    @Test
    void exactDurationsCarryTheirUnit() {
        assertThat(Quantities.exactDuration(0.5)).isEqualTo("500 ms");
        assertThat(Quantities.exactDuration(-0.25)).isEqualTo("-250 ms");
        assertThat(Quantities.exactDuration(1.5)).isEqualTo("1.5 s");
        assertThat(Quantities.exactDuration(0)).isEqualTo("0 s");
        assertThat(Quantities.exactDuration(2.5e-6)).isEqualTo("2.5 us");
        assertThat(Quantities.exactDuration(3e-9)).isEqualTo("3 ns");
        assertThat(Quantities.exactDuration(0.000123456789012345)).isEqualTo("123.456789012 us");
        assertThat(Quantities.exactDuration(Double.NaN)).isEqualTo("-");
    }

    @Test
    void readableDurationsKeepThreeDecimals() {
        assertThat(Quantities.duration(4)).isEqualTo("4.000 s");
        assertThat(Quantities.duration(0.3)).isEqualTo("300.000 ms");
        assertThat(Quantities.duration(2.5e-6)).isEqualTo("2.500 us");
        assertThat(Quantities.duration(0)).isEqualTo("0.000 s");
    }
}
