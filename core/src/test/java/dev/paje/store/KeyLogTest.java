package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Link keys appended to the key log a row (eight bytes) at a time, the last row's bytes kept aside: whatever
 * the key lengths (empty ones too) and however the writer's tiny pool evicts the log's blocks between appends,
 * every key reads back, and the rows hold the keys' bytes one after the other (compared with a plain model).
 */
class KeyLogTest {
    @TempDir
    Path dir;

    @Test
    void keysOfAnyLengthReadBackThroughEvictions() throws Exception {
        for (long seed = 1; seed <= 10; seed++) {
            check(seed);
        }
    }

    private void check(long seed) throws Exception {
        Random rnd = new Random(seed);
        StoreFile file = StoreFile.create(dir.resolve("k" + seed), false, 6 * Rows.BLOCK_ROWS * 8 * 3, 1 << 16);
        KeyLog log = new KeyLog(new Rows(1, file), 0);
        List<Rows> others = new ArrayList<>(); // their blocks push the log's out of the pool
        for (int t = 0; t < 8; t++) {
            others.add(new Rows(3, file));
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        List<String> keys = new ArrayList<>();
        List<Long> refs = new ArrayList<>();
        int n = 5_000 + rnd.nextInt(5_000);
        for (int k = 0; k < n; k++) {
            StringBuilder key = new StringBuilder();
            for (int i = rnd.nextInt(21); i > 0; i--) {
                key.append((char) ('0' + rnd.nextInt(75)));
            }
            byte[] bytes = key.toString().getBytes(StandardCharsets.UTF_8);
            byte[] buf = new byte[bytes.length + 6];
            int from = rnd.nextInt(4);
            System.arraycopy(bytes, 0, buf, from, bytes.length);
            refs.add(log.append(buf, from, from + bytes.length));
            keys.add(key.toString());
            all.write(bytes);
            for (int i = rnd.nextInt(300); i > 0; i--) {
                others.get(rnd.nextInt(others.size())).add(rnd.nextLong(), rnd.nextLong(), rnd.nextLong());
            }
        }
        byte[] expected = all.toByteArray();
        assertThat(log.length()).as("seed %d", seed).isEqualTo(expected.length);
        assertThat(log.rows.size()).as("seed %d", seed).isEqualTo((expected.length + 7) / 8);
        for (int r = 0; r < log.rows.size(); r++) {
            long w = 0;
            for (int b = Math.min(8, expected.length - r * 8) - 1; b >= 0; b--) {
                w = (w << 8) | (expected[r * 8 + b] & 0xFF);
            }
            assertThat(log.rows.get(r, 0)).as("seed %d, row %d", seed, r).isEqualTo(w);
        }
        for (int k = 0; k < keys.size(); k++) {
            assertThat(log.text(refs.get(k))).as("seed %d, key %d", seed, k).isEqualTo(keys.get(k));
        }
        file.close();
    }
}
