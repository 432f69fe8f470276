package dev.paje.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.LinkTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link PendingLinks} against a map of queues: matches, what each match returns, and the halves left. */
class PendingLinksTest {
    /** A waiting half as the reference keeps it. */
    private record Half(boolean start, int row, long line, int value, double time, int container) { }

    /** Keys of many lengths (0 to 40 bytes), some sharing their first 8 or 16 bytes, some not ASCII. */
    private static List<String> keys(Random random, int n) {
        List<String> keys = new ArrayList<>();
        keys.add("");
        for (int i = 0; keys.size() < n; i++) {
            switch (i % 6) {
                case 0 -> keys.add("k" + i);
                case 1 -> keys.add("abcdefgh" + i); // the first word shared
                case 2 -> keys.add("abcdefghijklmnop" + i); // both words shared: told apart past 16 bytes
                case 3 -> keys.add("é" + i + "ü");
                case 4 -> keys.add(Integer.toString(random.nextInt(1 << 20), 36).repeat(1 + random.nextInt(6)));
                default -> keys.add("x".repeat(i % 41));
            }
        }
        return keys;
    }

    @Test
    void matchesAsQueuesOfOppositeHalves() {
        for (int seed = 0; seed < 20; seed++) {
            Random random = new Random(seed);
            List<String> keys = keys(random, 5 + random.nextInt(400));
            PendingLinks pending = new PendingLinks(new LinkTable());
            Map<String, Deque<Half>> reference = new HashMap<>();
            for (int step = 0; step < 20_000; step++) {
                String key = keys.get(random.nextInt(keys.size()));
                boolean start = random.nextBoolean();
                byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
                // the key somewhere in a buffer: at its very end too (fewer than 8 bytes after it)
                int before = random.nextInt(20);
                int after = random.nextBoolean() ? 0 : random.nextInt(80);
                byte[] buf = new byte[before + bytes.length + after];
                random.nextBytes(buf);
                System.arraycopy(bytes, 0, buf, before, bytes.length);
                int from = before;
                int to = before + bytes.length;
                Deque<Half> queue = reference.get(key);
                Half expected = queue != null && !queue.isEmpty() && queue.peekFirst().start() != start
                        ? queue.removeFirst() : null;
                int row = pending.take(buf, from, to, !start);
                if (expected == null) {
                    assertThat(row).as("seed %d step %d key '%s'", seed, step, key).isEqualTo(-1);
                    Half h = new Half(start, step, 1000L + step, random.nextInt(9), random.nextDouble(), random.nextInt(50));
                    pending.wait(buf, from, to, h.row(), h.line(), start, h.value(), h.time(), h.container());
                    reference.computeIfAbsent(key, k -> new ArrayDeque<>()).addLast(h);
                } else {
                    assertThat(row).as("seed %d step %d key '%s'", seed, step, key).isEqualTo(expected.row());
                    assertThat(pending.lastTakenLine()).isEqualTo(expected.line());
                    assertThat(pending.lastTakenValue()).isEqualTo(expected.value());
                    assertThat(pending.lastTakenTime()).isEqualTo(expected.time());
                    assertThat(pending.lastTakenContainer()).isEqualTo(expected.container());
                }
            }
            List<String> left = new ArrayList<>();
            reference.forEach((k, q) -> q.forEach(h -> left.add(h.line() + " " + h.start() + " " + k)));
            left.sort(Comparator.comparingLong(s -> Long.parseLong(s.substring(0, s.indexOf(' ')))));
            List<String> got = new ArrayList<>();
            for (PendingLinks.Half h : pending.unmatched()) {
                got.add(h.line() + " " + h.start() + " " + h.keyText());
            }
            assertThat(got).as("seed %d", seed).isEqualTo(left);
        }
    }
}
