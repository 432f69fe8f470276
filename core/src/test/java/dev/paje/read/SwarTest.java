package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link Swar#compress}: every byte mask to its eight bits, as a loop over the bytes makes them; {@link Swar#word}
 * at the end of the data: its bytes, then newlines, whatever the array holds past the data.
 */
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

    @Test
    void aWordPastTheDataReadsNewlinesThereWithOrWithoutRoomInTheArray() {
        java.util.Random random = new java.util.Random(8);
        for (int trial = 0; trial < 2000; trial++) {
            int length = random.nextInt(24);
            byte[] buf = new byte[length + random.nextInt(12)]; // 0 to 11 bytes of room past the data
            random.nextBytes(buf); // the room holds anything: the next line, or garbage
            for (int pos = 0; pos <= length + 8; pos++) {
                long expected = 0;
                for (int k = 7; k >= 0; k--) {
                    int at = pos + k;
                    expected = expected << 8 | (at < length ? buf[at] & 0xFF : '\n');
                }
                assertThat(Swar.word(buf, pos, length)).as("length %d, array %d, pos %d", length, buf.length, pos)
                        .isEqualTo(expected);
            }
        }
    }
}
