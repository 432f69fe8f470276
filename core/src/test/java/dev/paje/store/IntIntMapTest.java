package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The open-addressing map answers as a HashMap does through puts, overwrites, removals and growth. */
class IntIntMapTest {
    @Test
    void behavesAsAHashMapUnderRandomOperations() {
        Random random = new Random(14);
        IntIntMap map = new IntIntMap();
        Map<Integer, Integer> reference = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            // few distinct keys at first (overwrites, removals of present keys), then many (growth, long probe chains)
            int key = random.nextInt(op < 50_000 ? 64 : 20_000) * (random.nextBoolean() ? 1 : -7919);
            switch (random.nextInt(3)) {
                case 0 -> {
                    int value = random.nextInt(1 << 20);
                    map.put(key, value);
                    reference.put(key, value);
                }
                case 1 -> {
                    map.remove(key);
                    reference.remove(key);
                }
                default -> assertThat(map.get(key)).as("key %d at op %d", key, op).isEqualTo(reference.getOrDefault(key, -1));
            }
            assertThat(map.size()).isEqualTo(reference.size());
        }
        for (Map.Entry<Integer, Integer> e : reference.entrySet()) {
            assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
