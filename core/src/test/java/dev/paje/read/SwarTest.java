package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Swar#compress}: every byte mask to its eight bits, as a loop over the bytes makes them. */
class SwarTest {
    @Test
    void compressGivesOneBitPerByteForEveryMask() {
        for (int bits = 0; bits < 256; bits++) {
            long mask = 0;
            for (int k = 0; k < 8; k++) {
                if ((bits >> k & 1) != 0) {
                    mask |= 1L << (8 * k + 7);
                }
            }
            assertThat(Swar.compress(mask)).as("mask %x", mask).isEqualTo(bits);
        }
    }

    @Test
    void compressOfTheByteClassesMarksTheMatchingBytes() {
        byte[] b = "ab c\n\"d #".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        long w = Swar.word(b, 0, b.length);
        assertThat(Swar.compress(Swar.zeros(w ^ Swar.SPACES))).isEqualTo(0b1000_0100L);
        assertThat(Swar.compress(Swar.belowDollar(w))).isEqualTo(0b1011_0100L);
    }
}
