package dev.paje.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Other programs the tests compare with (ViTE, pj_dump...): whether they are installed. */
final class Programs {
    private Programs() {
    }

    /** Whether {@code program} is an executable file in a directory of the PATH. */
    static boolean onPath(String program) {
        String path = System.getenv("PATH");
        for (String d : path == null ? new String[0] : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }
}
