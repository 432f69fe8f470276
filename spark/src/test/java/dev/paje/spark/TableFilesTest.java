package dev.paje.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableFilesTest {
    @TempDir
    Path dir;

    /** As a failed job's other tasks do: files keep appearing for a while after the removal starts. */
    @Test
    void aTreeStillBeingWrittenIsRemovedOnceTheWritersStop() throws Exception {
        Path staging = Files.createDirectories(dir.resolve("_paje_parts"));
        AtomicBoolean started = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            long until = System.nanoTime() + 300_000_000L;
            for (int i = 0; System.nanoTime() < until; i++) {
                try {
                    Files.writeString(staging.resolve("part-" + i + ".parquet"), "x");
                } catch (IOException gone) {
                    // the directory was removed under the writer: what a cancelled task meets too
                }
                started.set(true);
            }
        });
        writer.start();
        while (!started.get()) {
            Thread.onSpinWait();
        }
        Thread.sleep(50);
        TableFiles.deleteTree(staging);
        writer.join();
        assertThat(staging).doesNotExist();
    }

    @Test
    void anAbsentTreeIsNothingToRemove() throws IOException {
        TableFiles.deleteTree(dir.resolve("none"));
        assertThat(dir.resolve("none")).doesNotExist();
    }
}
