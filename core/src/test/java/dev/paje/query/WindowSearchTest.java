package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WindowSearchTest {
    /** A search given a place to look first answers as the whole search does, whether the hint is right or wrong. */
    @Test
    void aHintedSearchFindsWhatTheWholeSearchFinds() {
        Random random = new Random(20261126);
        for (int round = 0; round < 2_000; round++) {
            int n = random.nextInt(60);
            double[] keys = new double[n];
            for (int i = 0; i < n; i++) {
                keys[i] = random.nextInt(40) / 4.0; // repeats: steps of no length at one time
            }
            Arrays.sort(keys);
            double x = (random.nextInt(48) - 4) / 4.0;
            int near = random.nextInt(n + 3) - 1;
            int far = near + random.nextInt(6) - 1;
            int whole = Window.firstStartAfter(n, x, i -> keys[i], false);
            assertThat(Window.firstStartAfter(n, x, i -> keys[i], near, far))
                    .as("keys %s, x %s, hint [%d, %d]", Arrays.toString(keys), x, near, far).isEqualTo(whole);
            int after = Window.firstStartAfter(n, x, i -> keys[i], true); // the first key > x: a closed window's end
            assertThat(Window.firstStartAfter(n, x, i -> keys[i], true, near, far))
                    .as("strict: keys %s, x %s, hint [%d, %d]", Arrays.toString(keys), x, near, far).isEqualTo(after);
        }
    }
}
