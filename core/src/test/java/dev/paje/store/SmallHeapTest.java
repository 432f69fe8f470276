package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory bound: a trace whose store is several times the heap loads and dumps in a child JVM
 * with a small -Xmx (its store half again larger than the heap), and dumps the same bytes as with a large heap.
 */
class SmallHeapTest {
    private static final String HEAP = "-Xmx40m";

    @TempDir
    Path dir;

    @Test
    void aStoreLargerThanTheHeapLoadsAndDumpsTheSame() throws Exception {
        Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 8, 8, 7500, 3);
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), DumpDigest.class.getName(),
                trace.toString()).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(child.waitFor()).as(out).isZero();
        String[] parts = out.split(" ");
        long storeBytes = Long.parseLong(parts[1]);
        assertThat(storeBytes).as("the store is larger than the child's heap").isGreaterThan(3L * 40 * 1024 * 1024 / 2);
        assertThat(parts[0]).as("same dump as in this JVM").isEqualTo(DumpDigest.digest(trace)[0]);
    }

    /** Child: loads a trace without cache, prints the MD5 of its full dump and the store's size. */
    public static final class DumpDigest {
        public static void main(String[] args) throws Exception {
            String[] d = digest(Path.of(args[0]));
            System.out.println(d[0] + " " + d[1]);
        }

        static String[] digest(Path trace) throws IOException, NoSuchAlgorithmException {
            TraceLoader.Loaded loaded = TraceLoader.builder().threads(2).build().load(trace);
            if (!loaded.valid()) {
                throw new IllegalStateException(loaded.problems().toString());
            }
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), md5)) {
                new DumpWriter(new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, true, true))
                        .write(loaded.trace(), out);
            }
            return new String[] {HexFormat.of().formatHex(md5.digest()), Long.toString(loaded.trace().storeFile().size())};
        }
    }
}
