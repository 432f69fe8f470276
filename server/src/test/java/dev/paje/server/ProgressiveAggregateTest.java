package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.SummaryBuild;
import dev.paje.store.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first load's collapsed first screen (each process a row of its threads' aggregate) over the whole trace is answered
 * from the aggregates' levels published at seal, while the aggregates' build is held: no window waits for it, and each
 * answer is byte for byte the one of a viewer whose summaries were all built before it was ready, and the one after.
 */
class ProgressiveAggregateTest {
    @TempDir
    Path dir;

    @Test
    void theCollapsedWholeTraceIsAnsweredBeforeTheAggregatesAreBuiltAsAfter() throws Exception {
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 6, 4000, 5);
        List<String> queries = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        TraceLoader.Loaded all = TraceLoader.builder().summaries(true).build().load(trace);
        try (ViewerServer server = ViewerServer.start(all, "t.trace", "127.0.0.1", 0)) {
            Trace t = all.trace();
            String processes = t.containers().stream().filter(c -> c.parent() != null && c.parent().parent() != null && !c.children().isEmpty())
                    .map(c -> Integer.toString(c.id())).collect(Collectors.joining(","));
            assertThat(processes.split(",")).hasSize(4);
            for (int width : new int[] {1500, 700}) {
                queries.add("/api/window?start=" + t.start() + "&end=" + t.end() + "&width=" + width + "&containers="
                        + processes + "&aggregate=" + processes);
            }
            expected.addAll(new Api(server).texts(queries));
        } finally {
            all.trace().close();
        }

        // five rows: the machine and its four processes on the first screen (their own tables summarized before ready)
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).summariesFirst(5).summariesHeld(hold).build()
                .load(trace);
        try (ViewerServer server = ViewerServer.starting("t.trace", "127.0.0.1", 0)) {
            server.ready(loaded);
            SummaryBuild build = loaded.trace().summaryBuild();
            Api api = new Api(server);
            for (int i = 0; i < queries.size(); i++) {
                Api.Answer a = api.get(queries.get(i));
                assertThat(a.status()).as(queries.get(i)).isEqualTo(200);
                assertThat(a.text()).as("before the aggregates: %s", queries.get(i)).isEqualTo(expected.get(i));
            }
            assertThat(build.aggregatesBuilt()).as("no window waited for the aggregates").isFalse();
            hold.countDown();
            build.awaitSealed();
            for (int i = 0; i < queries.size(); i++) {
                assertThat(api.get(queries.get(i)).text()).as("after: %s", queries.get(i)).isEqualTo(expected.get(i));
            }
        } finally {
            loaded.trace().close();
        }
    }
}
