package dev.paje.stats;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import dev.paje.testing.PajeHeader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Small hand-written traces with known statistics, loaded from text. */
final class StatsTraces {
    private StatsTraces() {
    }

    /** Events 0 to 14 with PajeNG's usual fields, one line after another (no final line end). */
    static final String HEADER = String.join("\n", new PajeHeader()
            .define(0, "PajeDefineContainerType").define(1, "PajeDefineStateType").define(2, "PajeDefineEventType")
            .define(3, "PajeDefineVariableType").define(4, "PajeDefineLinkType").define(5, "PajeCreateContainer")
            .define(6, "PajeDestroyContainer").define(7, "PajeSetState").define(8, "PajePushState")
            .define(9, "PajePopState").define(10, "PajeNewEvent").define(11, "PajeSetVariable")
            .define(12, "PajeAddVariable").define(13, "PajeStartLink").define(14, "PajeEndLink").lines());

    /**
     * Machine m with threads t1, t2 (0 to 10) and t3 (2 to 7). t1: A [0,10] with B [2,6] holding
     * C [3,4], and B [8,10] still open at the end; t2: A [1,5] then B [5,10]; t3: X [2,7].
     * Events x at 1 and 2, y at 2 on t1, x at 10 on t2. Links held by m: msg t1→t2 [1,3],
     * msg t2→t2 [7,7.5], ack t1→t1 [8,9]. Variable V on t1: 2 on [0,4], 5 on [4,6], 1 on [6,10];
     * on t3: 10 on [2,7].
     */
    static final String BODY = String.join("\n",
            "0 M 0 Machine", "0 T M Thread", "1 S T State", "2 E T Ev", "3 V T V", "4 L M T T Link",
            "5 0 m M 0 m", "5 0 t1 T m t1", "5 0 t2 T m t2", "5 2 t3 T m t3",
            "7 0 S t1 A", "8 2 S t1 B", "8 3 S t1 C", "9 4 S t1", "9 6 S t1", "8 8 S t1 B",
            "7 1 S t2 A", "7 5 S t2 B", "7 2 S t3 X", "11 2 V t3 10", "6 7 T t3",
            "10 1 E t1 x", "10 2 E t1 x", "10 2 E t1 y", "10 10 E t2 x",
            "13 1 L m t1 msg k1", "14 3 L m t2 msg k1", "13 7 L m t2 msg k2", "14 7.5 L m t2 msg k2",
            "13 8 L m t1 ack k3", "14 9 L m t1 ack k3",
            "11 0 V t1 2", "12 4 V t1 3", "11 6 V t1 1");

    static Trace load(String body) {
        try {
            byte[] text = (HEADER + "\n" + body + "\n").getBytes(StandardCharsets.UTF_8);
            TraceLoader.Loaded loaded = TraceLoader.builder().threads(1).build()
                    .load(new ByteArrayInputStream(text), "test.trace", Path.of("."));
            if (!loaded.valid()) {
                throw new AssertionError("test trace is invalid: " + loaded.problems());
            }
            return loaded.trace();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Trace standard() {
        return load(BODY);
    }
}
