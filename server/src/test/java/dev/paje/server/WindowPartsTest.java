package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.view.TraceView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window of many containers is rendered in parts on several threads (the first streamed, the
 * others claimed by whichever thread is free): its rows are those of each container asked alone,
 * in the order asked, whatever the window and the number of rows.
 */
class WindowPartsTest {
    @TempDir
    static Path dir;

    @Test
    void manyRowsAnswerAsEachRowAlone() throws IOException {
        Path file = dir.resolve("parts.trace");
        AggregateTraceGenerator.write(file, 5, 12, 40); // 65 containers: states and a variable in 60
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
        WindowHandler handler = new WindowHandler(new TraceView(loaded, "parts.trace"));
        List<Integer> ids = new ArrayList<>();
        for (Container c : loaded.trace().containers()) {
            ids.add(c.id());
        }
        java.util.Collections.reverse(ids); // not the store's order
        double[][] windows = {{0, 100}, {10, 10.5}, {33.3, 71}};
        for (double[] w : windows) {
            for (int n : new int[] {ids.size(), 17, 40}) {
                int[] asked = ids.subList(0, n).stream().mapToInt(Integer::intValue).toArray();
                StringBuilder alone = new StringBuilder();
                for (int id : asked) {
                    String one = rows(answer(handler, w, new int[] {id}));
                    alone.append(alone.length() == 0 ? "" : ",").append(one);
                }
                String all = answer(handler, w, asked);
                assertThat(rows(all)).as("window %s, %d rows", java.util.Arrays.toString(w), n).isEqualTo(alone.toString());
                assertThat(all).endsWith("]}");
            }
        }
    }

    private static String answer(WindowHandler handler, double[] w, int[] ids) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.answer(out, w[0], w[1], 700, ids);
        return out.toString(StandardCharsets.US_ASCII);
    }

    /** The content of the answer's rows array. */
    private static String rows(String answer) {
        int from = answer.indexOf("\"rows\":[") + "\"rows\":[".length();
        return answer.substring(from, answer.lastIndexOf(']'));
    }
}
