package dev.paje.cli;

import dev.paje.testing.TestResources;
import java.io.IOException;

/** The golden outputs under src/test/resources/golden/, written by us and checked by hand (or against pj_dump). */
final class Golden {
    private Golden() {
    }

    static String read(String name) throws IOException {
        return TestResources.text("/golden/" + name);
    }
}
