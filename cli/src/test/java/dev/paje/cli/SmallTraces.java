package dev.paje.cli;

import dev.paje.testing.PajeHeader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Valid traces of any size written by the tests: two processes switching between two states. */
final class SmallTraces {
    private static final String HEADER = new PajeHeader().define(0, "PajeDefineContainerType").define(1, "PajeDefineStateType")
            .define(2, "PajeCreateContainer").define(3, "PajeSetState").text();

    private SmallTraces() {
    }

    /** A trace of {@code states} states (about 25 bytes and one dump line of 70 each). */
    static Path write(Path file, int states) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write(HEADER);
            w.write("""
                    0 P 0 Process
                    1 S P State
                    2 0 p1 P 0 p1
                    2 0 p2 P 0 p2
                    """);
            for (int i = 0; i < states; i++) {
                w.write("3 " + (i / 2) + "." + (i % 2 == 0 ? "25" : "75") + " S p" + (1 + i % 2) + (i % 3 == 0 ? " Run\n" : " Wait\n"));
            }
        }
        return file;
    }
}
