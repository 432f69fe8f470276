package dev.paje.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EventDefsTest {
    @Test
    void writesOneBlockPerLineWithTheUsualOrGivenTypes() {
        assertThat(EventDefs.of("""
                PajeDefineEntityValue 5 Alias Type Name Color

                PajeSetVariable 8 Time Container Type Value:double
                """)).isEqualTo("""
                %EventDef PajeDefineEntityValue 5
                % Alias string
                % Type string
                % Name string
                % Color color
                %EndEventDef
                %EventDef PajeSetVariable 8
                % Time date
                % Container string
                % Type string
                % Value double
                %EndEventDef
                """);
    }

    @Test
    void refusesALineWithoutAnId() {
        assertThatThrownBy(() -> EventDefs.of("PajeSetState\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected 'EVENT ID FIELD...', found 'PajeSetState'");
    }
}
