package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.view.TraceView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** paje view's warm-up runs to its end once the trace is ready and changes no answer; before ready there is none. */
class WarmUpTest {
    @TempDir
    static Path dir;

    @Test
    void warmsUpOnceReadyAndAnswersStayTheSame() throws Exception {
        Path file = dir.resolve("warm.trace");
        AggregateTraceGenerator.write(file, 5, 12, 40); // 65 containers: states and a variable in 60
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
        int[] ids = IntStream.rangeClosed(1, 64).toArray();
        String cold = answer(new WindowHandler(new TraceView(loaded, "warm.trace")), loaded, ids);
        try (ViewerServer server = ViewerServer.start(loaded, "warm.trace", "127.0.0.1", 0)) {
            Thread warm = server.warmUp();
            assertThat(warm).isNotNull();
            warm.join(60_000);
            assertThat(warm.isAlive()).as("the warm-up ended").isFalse();
            String rows = IntStream.of(ids).mapToObj(Integer::toString).collect(Collectors.joining(","));
            Api.Answer a = new Api(server).get("/api/window?start=" + loaded.trace().start() + "&end=" + loaded.trace().end()
                    + "&width=1500&containers=" + rows);
            assertThat(a.status()).isEqualTo(200);
            assertThat(a.text()).isEqualTo(cold);
        }
    }

    @Test
    void theTimeBeforeReadyShrinksAsTheJvmsStartRecedes() {
        assertThat(WarmUp.readyBudget(0)).isEqualTo(WarmUp.BEFORE_READY_NANOS);
        assertThat(WarmUp.readyBudget(WarmUp.READY_BY_NANOS - 100_000_000L)).isEqualTo(100_000_000L);
        assertThat(WarmUp.readyBudget(WarmUp.READY_BY_NANOS + 1)).isZero();
        assertThat(WarmUp.readyBudget(60_000_000_000L)).as("a viewer started in a long-running JVM").isZero();
    }

    @Test
    void warmsUpBeforeReadyWithinItsTimeOnAStoreWithEverySummary() throws Exception {
        Path file = dir.resolve("before.trace");
        AggregateTraceGenerator.write(file, 5, 12, 40);
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
        int[] ids = IntStream.rangeClosed(1, 64).toArray();
        TraceView model = new TraceView(loaded, "before.trace");
        WindowHandler handler = new WindowHandler(model);
        String cold = answer(new WindowHandler(new TraceView(loaded, "before.trace")), loaded, ids);
        assertThat(WarmUp.beforeReady(model, handler, 0)).as("no time, no window").isZero();
        int n = WarmUp.beforeReady(model, handler, 60_000_000_000L);
        assertThat(n).as("every zoom, four times, on a small trace").isEqualTo(48);
        assertThat(handler.asked()).as("a warm-up is not a request").isFalse();
        assertThat(answer(handler, loaded, ids)).isEqualTo(cold);
    }

    @Test
    void noWarmUpBeforeTheTraceIsReady() throws IOException {
        try (ViewerServer server = ViewerServer.starting("none.trace", "127.0.0.1", 0)) {
            assertThat(server.warmUp()).isNull();
        }
    }

    private static String answer(WindowHandler handler, TraceLoader.Loaded loaded, int[] ids) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.answer(out, loaded.trace().start(), loaded.trace().end(), 1500, ids);
        return out.toString(StandardCharsets.US_ASCII);
    }
}
