package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Number parsing, on both its fast path and the JDK fallback (more than 15 significant digits). */
class NumbersTest {
    private static double parse(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return Numbers.parse(b, 0, b.length);
    }

    @Test
    void signsSurviveTheFallbackForLongNumbers() {
        assertThat(parse("-0.0008299999999989748")).isEqualTo(-0.0008299999999989748);
        assertThat(parse("+0.0008299999999989748")).isEqualTo(0.0008299999999989748);
        assertThat(parse("-1.5")).isEqualTo(-1.5);
        assertThat(parse("-12345678901234567890")).isEqualTo(-12345678901234567890.0);
    }
}
