package dev.paje.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SimOptions' text is part of every cache key: it must stay the record's generated text (printed by the JDK's). */
class SimOptionsTest {
    @Test
    void textIsTheGeneratedRecordText() {
        assertThat(SimOptions.defaults()).hasToString("SimOptions[ignoreIncompleteLinks=false, stopAt=Infinity,"
                + " singlePrecisionVariables=false, noImbrication=false, endAtLeast=-Infinity]");
        assertThat(new SimOptions(true, 12.5, true, true, 3.0)).hasToString("SimOptions[ignoreIncompleteLinks=true,"
                + " stopAt=12.5, singlePrecisionVariables=true, noImbrication=true, endAtLeast=3.0]");
        assertThat(new SimOptions(false, 1e-7, false, false, -0.0)).hasToString("SimOptions[ignoreIncompleteLinks=false,"
                + " stopAt=1.0E-7, singlePrecisionVariables=false, noImbrication=false, endAtLeast=-0.0]");
    }
}
