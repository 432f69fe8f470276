package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.format.JsonOut;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Both column kinds share one store of 64-bit cells: values come back exactly, past the first growth. */
class ColumnTest {
    @Test
    void intsComeBackExactlyPastGrowth() {
        IntColumn c = new IntColumn();
        for (int i = 0; i < 200; i++) {
            c.add(i % 2 == 0 ? Integer.MIN_VALUE + i : Integer.MAX_VALUE - i);
        }
        c.set(70, -1);
        assertThat(c.size()).isEqualTo(200);
        assertThat(c.get(0)).isEqualTo(Integer.MIN_VALUE);
        assertThat(c.get(1)).isEqualTo(Integer.MAX_VALUE - 1);
        assertThat(c.get(70)).isEqualTo(-1);
        assertThat(c.get(199)).isEqualTo(Integer.MAX_VALUE - 199);
    }

    @Test
    void doublesComeBackBitForBit() {
        DoubleColumn c = new DoubleColumn();
        double[] odd = {-0.0, Double.NaN, Double.MIN_VALUE, -Double.MAX_VALUE, 1.0 / 3};
        for (int i = 0; i < 130; i++) {
            c.add(odd[i % odd.length]);
        }
        c.set(129, 2.5);
        for (int i = 0; i < 129; i++) {
            assertThat(Double.doubleToRawLongBits(c.get(i))).isEqualTo(Double.doubleToRawLongBits(odd[i % odd.length]));
        }
        assertThat(c.get(129)).isEqualTo(2.5);
    }

    @Test
    void indicesPastTheSizeAreRefusedEvenAfterClear() {
        IntColumn c = new IntColumn();
        c.add(4);
        c.clear();
        assertThat(c.size()).isZero();
        assertThatThrownBy(() -> c.get(0)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage("0 of 0");
        assertThatThrownBy(() -> c.set(0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void writesEachKindAsAJsonArray() throws IOException {
        IntColumn ints = new IntColumn();
        ints.add(-3);
        ints.add(12_345);
        DoubleColumn doubles = new DoubleColumn();
        doubles.add(0.5);
        doubles.add(Double.NaN);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(bytes)) {
            g.beginObject();
            ints.write(g.name("i"));
            doubles.write(g.name("d"));
            g.endObject();
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("{\"i\":[-3,12345],\"d\":[0.5,null]}");
    }
}
