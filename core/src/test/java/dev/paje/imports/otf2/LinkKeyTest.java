package dev.paje.imports.otf2;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkKeyTest {
    @Test
    void countsInDecimalAfterThePrefix() {
        LinkKey key = new LinkKey("c0_1_2_7_");
        for (long n = 0; n <= 1_100_000; n++) {
            String expected = "c0_1_2_7_" + n;
            if (n % 997 == 0 || n < 1000 || Long.toString(n + 1).length() > Long.toString(n).length()) {
                assertThat(key.text()).as("key %d", n).isEqualTo(expected);
            }
            assertThat(key.length()).isEqualTo(expected.length());
            key.advance();
        }
    }

    @Test
    void anEmptyPrefixIsTheNumberAlone() {
        LinkKey key = new LinkKey("");
        for (int n = 0; n < 12; n++) {
            key.advance();
        }
        assertThat(key.text()).isEqualTo("12");
        assertThat(new String(key.bytes(), 0, key.length(), java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("12");
    }
}
