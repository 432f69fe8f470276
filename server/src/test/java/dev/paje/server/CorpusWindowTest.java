package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.testing.CorpusTests;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The API over traces of the shared corpus: windows at several zooms agree with the store. */
class CorpusWindowTest {
    private static final List<String> TRACES = List.of("pajeng-states.trace", "pajeng-links.trace",
            "pajeng-events.trace", "pajeng-g5k.trace", "pajeng-simgrid-fg126.trace", "pajeng-native_sample.trace");

    @TestFactory
    Stream<DynamicTest> windowsAgreeWithTheStore() {
        return CorpusTests.eachValid(TRACES, CorpusWindowTest::check);
    }

    private static void check(Path file) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(100).build().load(file);
        Trace trace = loaded.trace();
        assertThat(trace).isNotNull();
        try (ViewerServer server = ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0)) {
            Api api = new Api(server);
            JsonNode meta = api.ok("/api/meta");
            assertThat(meta.get("containers")).hasSize(trace.containers().size());
            assertThat(meta.get("types")).hasSize(trace.types().size());
            double start = trace.start();
            double end = trace.end();
            double span = Math.max(end - start, 1e-9);
            for (Container c : trace.containers()) {
                if (c.id() % 2000 == 0) {
                    String ids = trace.containers().stream().skip(c.id()).limit(2000)
                            .map(x -> String.valueOf(x.id())).collect(Collectors.joining(","));
                    for (double[] w : new double[][] {{start, end}, {start + span / 3, start + span / 2},
                        {start + span * 0.7, start + span * 0.71}}) {
                        for (int width : new int[] {1, 7, 300, 4000}) {
                            JsonNode window = api.window("/api/window?start=" + w[0] + "&end=" + w[1] + "&width=" + width
                                    + "&containers=" + ids);
                            new WindowCheck(trace, window).check(window);
                            if (width == 300) {
                                JsonNode dominant = api.ok("/api/window?start=" + w[0] + "&end=" + w[1] + "&width="
                                        + width + "&dominant=1&containers=" + ids);
                                WindowCheck.checkDominant(window, dominant);
                            }
                        }
                    }
                }
            }
        }
    }
}
