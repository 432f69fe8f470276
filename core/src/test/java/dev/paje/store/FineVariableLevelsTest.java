package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store summarizes its large variables down to 2 steps per bucket and everything else down to 8:
 * the finest level of each is the first width holding that many on average.
 */
class FineVariableLevelsTest {
    @TempDir
    Path dir;

    @Test
    void largeVariablesGetFinerLevelsThanSmallOnesAndStates() throws IOException {
        int big = Pyramid.FINE_ROWS + 1000;
        int small = Pyramid.MIN_ROWS * 2;
        Path trace = write(dir.resolve("t.trace"), big, small, 100.0);
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, dir.resolve("cache")))
                .build().load(trace);
        assertThat(loaded.valid()).isTrue();
        Trace t = loaded.trace();
        Container c = t.containers().stream().filter(x -> x.name().equals("c")).findFirst().orElseThrow();
        VariableTable large = c.variable(type(t, "big"));
        VariableTable few = c.variable(type(t, "small"));
        StateTable states = c.states(type(t, "S"));
        assertThat(large.size()).isEqualTo(big);
        assertThat(states.size()).isEqualTo(big);
        // the finest level is the first width holding that many rows per bucket: between it and twice it
        assertThat(perBucket(large.summary(), big, 100.0)).isBetween(2.0, 4.0);
        assertThat(perBucket(few.summary(), small, 100.0)).isBetween(8.0, 16.0);
        assertThat(perBucket(states.summary(), big, 100.0)).isBetween(8.0, 16.0);
        t.close();
    }

    /** Rows per bucket on average at the finest level. */
    private static double perBucket(Pyramid s, int rows, double span) {
        assertThat(s).isNotNull();
        return rows * s.width(0) / span;
    }

    private static Type type(Trace t, String name) {
        return t.types().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    }

    /** One container with a state and a variable of {@code big} changes and a variable of {@code small}, evenly over {@code span} s. */
    private static Path write(Path file, int big, int small, double span) throws IOException {
        Random random = new Random(3);
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("""
                    %EventDef PajeDefineContainerType 1
                    % Alias string
                    % Type string
                    % Name string
                    %EndEventDef
                    %EventDef PajeDefineVariableType 2
                    % Alias string
                    % Type string
                    % Name string
                    %EndEventDef
                    %EventDef PajeDefineStateType 3
                    % Alias string
                    % Type string
                    % Name string
                    %EndEventDef
                    %EventDef PajeCreateContainer 4
                    % Time date
                    % Alias string
                    % Type string
                    % Container string
                    % Name string
                    %EndEventDef
                    %EventDef PajeSetVariable 5
                    % Time date
                    % Type string
                    % Container string
                    % Value double
                    %EndEventDef
                    %EventDef PajeSetState 6
                    % Time date
                    % Type string
                    % Container string
                    % Value string
                    %EndEventDef
                    1 C 0 C
                    2 big C big
                    2 small C small
                    3 S C S
                    4 0 c C 0 c
                    """);
            for (int i = 0; i < big; i++) {
                double time = span * i / big;
                w.write(String.format("5 %.6f big c %d%n", time, random.nextInt(1000)));
                w.write(String.format("6 %.6f S c s%d%n", time, i % 3));
                if (i % (big / small) == 0) {
                    w.write(String.format("5 %.6f small c %d%n", time, random.nextInt(1000)));
                }
            }
        }
        return file;
    }
}
