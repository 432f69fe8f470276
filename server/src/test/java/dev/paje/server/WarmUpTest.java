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

/**
 * paje view's warm-up changes no answer: before ready within its time (bounded from the process's start when given),
 * then between requests, else once ready on a thread of its own; before the trace is ready there is none.
 */
class WarmUpTest {
    @TempDir
    static Path dir;

    /** A viewer whose process started long ago (its time before ready spent): no warm-up before ready, one after. */
    @Test
    void warmsUpOnceReadyAndAnswersStayTheSame() throws Exception {
        Loaded t = Loaded.trace("warm.trace");
        ViewerOptions late = ViewerOptions.DEFAULT.processStart(System.nanoTime() - 60_000_000_000L);
        try (ViewerServer server = ViewerServer.start(t.loaded(), "warm.trace", "127.0.0.1", 0, "/static", late)) {
            Thread warm = server.warmUp().orElseThrow();
            warm.join(60_000);
            assertThat(warm.isAlive()).as("the warm-up ended").isFalse();
            assertThat(window(server, t.loaded(), t.ids())).isEqualTo(t.cold());
        }
    }

    /** By default (no process start: an embedded server) the warm-up runs before ready, then between requests. */
    @Test
    void aViewerWarmedUpBeforeReadyWarmsUpBetweenRequests() throws Exception {
        Loaded t = Loaded.trace("ready.trace");
        try (ViewerServer server = ViewerServer.start(t.loaded(), "ready.trace", "127.0.0.1", 0)) {
            Thread idle = server.warmUp().orElseThrow();
            assertThat(idle.getName()).isEqualTo("paje-view-idle-warm-up");
            assertThat(window(server, t.loaded(), t.ids())).isEqualTo(t.cold());
            idle.join(60_000);
            assertThat(idle.isAlive()).as("the warm-up ended").isFalse();
            assertThat(window(server, t.loaded(), t.ids())).isEqualTo(t.cold());
        }
    }

    /** The warm-up between requests answers nothing while a request is answered, then every zoom, a few rows at a time. */
    @Test
    void warmsUpOnlyWhileNoRequestIsAnswered() throws Exception {
        Loaded t = Loaded.trace("idle.trace");
        TraceView model = new TraceView(t.loaded(), "idle.trace");
        WindowHandler handler = new WindowHandler(model);
        assertThat(handler.idle(0)).isTrue();
        handler.begun();
        assertThat(handler.idle(0)).as("a request is answered").isFalse();
        java.util.concurrent.atomic.AtomicInteger answers = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread warm = new Thread(() -> answers.set(WarmUp.whileIdle(model, handler, 2)));
        warm.start();
        warm.join(300);
        assertThat(warm.isAlive()).as("it waits for the request's end").isTrue();
        handler.ended();
        assertThat(handler.idle(WarmUp.QUIET_NANOS)).as("not quiet long enough yet").isFalse();
        warm.join(60_000);
        assertThat(warm.isAlive()).isFalse();
        int rows = Math.min(WarmUp.ROWS, t.loaded().trace().containers().size() - 1); // the first rows, root aside
        int groups = (rows + WarmUp.IDLE_ROWS - 1) / WarmUp.IDLE_ROWS;
        assertThat(answers.get()).as("two rounds of 12 zooms, %d groups of rows each", groups).isEqualTo(2 * 12 * groups);
        assertThat(handler.asked()).as("a warm-up is not a request").isFalse();
        assertThat(answer(handler, t.loaded(), t.ids())).isEqualTo(t.cold());
    }

    @Test
    void theTimeBeforeReadyShrinksAsTheProcesssStartRecedes() {
        long now = 123_456_789L;
        assertThat(ViewerOptions.DEFAULT.beforeReadyBudget(now)).as("no process start: the plain budget")
                .isEqualTo(WarmUp.BEFORE_READY_NANOS);
        assertThat(ViewerOptions.DEFAULT.beforeReadyBudget(Long.MAX_VALUE)).isEqualTo(WarmUp.BEFORE_READY_NANOS);
        ViewerOptions started = ViewerOptions.DEFAULT.processStart(now);
        assertThat(started.beforeReadyBudget(now)).isEqualTo(WarmUp.BEFORE_READY_NANOS);
        assertThat(started.beforeReadyBudget(now + WarmUp.READY_BY_NANOS - 100_000_000L)).isEqualTo(100_000_000L);
        assertThat(started.beforeReadyBudget(now + WarmUp.READY_BY_NANOS + 1)).isZero();
        assertThat(started.beforeReadyBudget(now + 60_000_000_000L)).as("a process started a minute ago").isZero();
        long wrapping = Long.MAX_VALUE - 10; // nanoTime may wrap: only differences count
        assertThat(ViewerOptions.DEFAULT.processStart(wrapping).beforeReadyBudget(wrapping + WarmUp.READY_BY_NANOS - 1))
                .isEqualTo(1);
    }

    @Test
    void warmsUpBeforeReadyWithinItsTimeOnAStoreWithEverySummary() throws Exception {
        Loaded t = Loaded.trace("before.trace");
        TraceView model = new TraceView(t.loaded(), "before.trace");
        WindowHandler handler = new WindowHandler(model);
        assertThat(WarmUp.beforeReady(model, handler, 0)).as("no time, no window").isZero();
        int n = WarmUp.beforeReady(model, handler, 60_000_000_000L);
        assertThat(n).as("every zoom, four times for each group of rows, on a small trace")
                .isEqualTo(4 * WarmUp.BEFORE_READY_STRIDE * 12);
        assertThat(handler.asked()).as("a warm-up is not a request").isFalse();
        assertThat(answer(handler, t.loaded(), t.ids())).isEqualTo(t.cold());
    }

    @Test
    void theWarmUpBeforeReadyAnswersInterleavedGroupsOfTheFirstRows() {
        WarmUp.Screen screen = new WarmUp.Screen(IntStream.rangeClosed(1, 10).toArray(), 0, 1);
        int[][] groups = screen.strided(4);
        assertThat(groups).as("every 4th row, from each of the first four").isDeepEqualTo(
                new int[][] {{1, 5, 9}, {2, 6, 10}, {3, 7}, {4, 8}});
        assertThat(new WarmUp.Screen(new int[] {7, 8}, 0, 1).strided(4)).as("fewer rows than groups: a row each")
                .isDeepEqualTo(new int[][] {{7}, {8}});
        assertThat(new WarmUp.Screen(new int[0], 0, 1).strided(4)).as("no rows: one empty group")
                .isDeepEqualTo(new int[][] {{}});
    }

    @Test
    void noWarmUpBeforeTheTraceIsReady() throws IOException {
        try (ViewerServer server = ViewerServer.starting("none.trace", "127.0.0.1", 0)) {
            assertThat(server.warmUp()).isEmpty();
        }
    }

    /** A small trace of 65 containers (states and a variable in 60), loaded, and its first rows' answer before any warm-up. */
    private record Loaded(TraceLoader.Loaded loaded, int[] ids, String cold) {
        static Loaded trace(String name) throws IOException {
            Path file = dir.resolve(name);
            AggregateTraceGenerator.write(file, 5, 12, 40);
            TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
            int[] ids = IntStream.rangeClosed(1, 64).toArray();
            return new Loaded(loaded, ids, answer(new WindowHandler(new TraceView(loaded, name)), loaded, ids));
        }
    }

    private static String window(ViewerServer server, TraceLoader.Loaded loaded, int[] ids) throws Exception {
        String rows = IntStream.of(ids).mapToObj(Integer::toString).collect(Collectors.joining(","));
        Api.Answer a = new Api(server).get("/api/window?start=" + loaded.trace().start() + "&end=" + loaded.trace().end()
                + "&width=1500&containers=" + rows);
        assertThat(a.status()).isEqualTo(200);
        return a.text();
    }

    private static String answer(WindowHandler handler, TraceLoader.Loaded loaded, int[] ids) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.answer(out, loaded.trace().start(), loaded.trace().end(), 1500, ids);
        return out.toString(StandardCharsets.US_ASCII);
    }
}
