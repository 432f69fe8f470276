package dev.paje.server;


import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.testing.MutantCampaign;
import dev.paje.testing.TraceMutator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's API over damaged traces that still load valid (some do: a huge number, a byte changed in a name,
 * two lines swapped where order does not matter): seeded mutants of the shared corpus's small traces
 * ({@link TraceMutator}), each served, then asked its meta, the whole trace and random windows (any width, a zero or
 * reversed span, types, aggregates, binary answers), entities, statistics, searches and gaps. Every answer is 200, or 400/404 with a JSON error: never
 * a 500 ({@link MutantCampaign}); {@code -Dpaje.fuzz.viewer.mutants=N} in all (default 300).
 */
class MutantViewerTest {
    private static final int MUTANTS = Integer.getInteger("paje.fuzz.viewer.mutants", 300);

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyAnswerOnAMutantIsDataOrAnError() throws IOException {
        return MutantCampaign.run(MUTANTS, 0x71E_3E2L, this::serve);
    }

    /** Null when every answer was data or a clean error, else the first that was not. */
    private String serve(Path original, String name, long seed) throws IOException {
        TraceMutator.Mutant mutant = TraceMutator.mutate(Files.readAllBytes(original), seed);
        Path file = dir.resolve(name);
        Files.write(file, mutant.bytes());
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(20).build().load(file);
        if (!loaded.valid() || loaded.trace() == null) {
            return null; // the viewer shows the problems instead (ViewCliTest)
        }
        try (ViewerServer server = ViewerServer.start(loaded, name, "127.0.0.1", 0)) {
            Api api = new Api(server);
            for (String path : paths(loaded.trace(), new Random(seed))) {
                Api.Answer a = api.get(path);
                boolean error = a.status() == 400 || a.status() == 404;
                if (a.status() != 200 && !(error && a.json().has("error"))) {
                    return a.status() + " for " + path + " on " + mutant.applied() + ": " + a.text();
                }
            }
        }
        return null;
    }

    /** What a user's page asks of this trace, and odd windows besides. */
    private static List<String> paths(Trace trace, Random random) {
        List<String> paths = new ArrayList<>();
        String all = trace.containers().stream().limit(2000).map(c -> String.valueOf(c.id()))
                .collect(Collectors.joining(","));
        double start = trace.start();
        double end = trace.end();
        double span = end - start;
        paths.add("/api/meta");
        paths.add("/api/window?start=" + start + "&end=" + end + "&width=1500&containers=" + all);
        paths.add("/api/window?start=" + start + "&end=" + end + "&width=1500&format=bin&containers=" + all);
        for (int k = 0; k < 4; k++) {
            double a = start + span * random.nextDouble() * 1.2 - span * 0.1;
            double b = k == 0 ? a : k == 1 ? a - span * 0.01 : a + span * Math.pow(10, -random.nextInt(8));
            int width = 1 + random.nextInt(k == 3 ? 10000 : 400);
            paths.add("/api/window?start=" + a + "&end=" + b + "&width=" + width + "&containers=" + all
                    + (random.nextBoolean() ? "&dominant=1" : ""));
        }
        List<Type> types = trace.types();
        if (!types.isEmpty()) {
            Type type = types.get(random.nextInt(types.size()));
            paths.add("/api/window?start=" + start + "&end=" + end + "&width=300&containers=" + all
                    + "&types=" + type.id());
            Container c = trace.containers().get(random.nextInt(trace.containers().size()));
            paths.add("/api/entity?container=" + c.id() + "&type=" + type.id() + "&row=" + random.nextInt(3));
        }
        for (Container c : trace.containers()) {
            if (!c.children().isEmpty() && random.nextInt(3) == 0) {
                paths.add("/api/window?start=" + start + "&end=" + end + "&width=800&containers=" + c.id()
                        + "&aggregate=" + c.id());
            }
        }
        paths.add("/api/stats?start=" + start + "&end=" + end);
        paths.add("/api/search?q=" + (char) ('a' + random.nextInt(26)));
        paths.add("/api/gaps?start=" + start + "&end=" + end + "&containers=" + all);
        return paths;
    }
}
