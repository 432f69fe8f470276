package dev.paje.view;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The places a variable's summarized values are written with: a millionth of its range, or exact. */
class WindowWriterDecimalsTest {
    @Test
    void aMillionthOfTheRange() {
        assertThat(WindowWriter.decimals(-1007.861, 504.837)).isEqualTo(3); // 1.5e-3: 0.001
        assertThat(WindowWriter.decimals(0, 1)).isEqualTo(6);
        assertThat(WindowWriter.decimals(0, 1.01)).isEqualTo(6); // 1.01e-6: 1e-6 is finer
        assertThat(WindowWriter.decimals(0, 0.99)).isEqualTo(7);
        assertThat(WindowWriter.decimals(0, 2e7)).isEqualTo(0); // never fewer than none
        assertThat(WindowWriter.decimals(0, 0.002)).isEqualTo(9);
    }

    @Test
    void exactWhenTheRangeSaysNothing() {
        assertThat(WindowWriter.decimals(5, 5)).isEqualTo(-1); // constant
        assertThat(WindowWriter.decimals(0, 1e-4)).isEqualTo(-1); // would take 10 places
        assertThat(WindowWriter.decimals(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)).isEqualTo(-1); // no rows
        assertThat(WindowWriter.decimals(Double.NaN, 1)).isEqualTo(-1);
        assertThat(WindowWriter.decimals(-Double.MAX_VALUE, Double.MAX_VALUE)).isEqualTo(-1); // range overflows
    }
}
