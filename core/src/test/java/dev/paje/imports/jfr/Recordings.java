package dev.paje.imports.jfr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Records {@link LockAndSleep} in a child JVM, once per test JVM: the real JFR file the tests read. */
final class Recordings {
    /** The profile settings, with no threshold on the events the tests check, so that short ones are kept. */
    static final String SETTINGS = "settings=profile,jdk.JavaMonitorEnter#threshold=0ms,jdk.ThreadSleep#threshold=0ms,"
            + "jdk.JavaExceptionThrow#enabled=true";
    private static Path recorded;

    private Recordings() {
    }

    static synchronized Path lockAndSleep() throws IOException, InterruptedException {
        if (recorded == null) {
            Path dir = Files.createTempDirectory("paje-jfr-test");
            dir.toFile().deleteOnExit();
            Path file = dir.resolve("lock-and-sleep.jfr");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:StartFlightRecording=filename=" + file + "," + SETTINGS, "-cp",
                    System.getProperty("java.class.path"), LockAndSleep.class.getName()).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(file)) {
                throw new IllegalStateException("recording the child JVM failed: " + output);
            }
            file.toFile().deleteOnExit();
            recorded = file;
        }
        return recorded;
    }
}
