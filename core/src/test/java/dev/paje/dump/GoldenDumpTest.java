package dev.paje.dump;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code paje dump} against PajeNG's {@code pj_dump} on the shared corpus: byte for byte, in
 * pj_dump's order ({@link PajeOrder}; a container's links in the order they were completed), for
 * every trace that has a reference output. The multiset difference is printed first, to say which
 * lines differ when the text does.
 */
class GoldenDumpTest {

    @TestFactory
    Stream<DynamicTest> validTracesDumpAsPjDump() throws IOException {
        return Corpus.traces("valid").stream().map(trace -> DynamicTest.dynamicTest(
                trace.getFileName().toString(), () -> check(trace, ".pj_dump", false)));
    }

    @TestFactory
    Stream<DynamicTest> legacyTracesDumpAsPjDumpN() throws IOException {
        return Corpus.traces("legacy").stream().map(trace -> DynamicTest.dynamicTest(
                trace.getFileName().toString(), () -> check(trace, ".pj_dump_n", true)));
    }

    private static void check(Path trace, String suffix, boolean legacy) throws IOException {
        String expected = Corpus.reference(trace, suffix);
        TraceLoader.Loaded loaded = TraceLoader.builder().legacyNames(legacy).singlePrecisionVariables(true)
                .build().load(trace);
        if (expected == null || !expected.startsWith("Container, ")) {
            // No reference dump (generated locally, or pj_dump itself failed on it, as on the 2010
            // SimGrid traces with -n): we must read it or stop at a located problem, never crash.
            if (!loaded.valid()) {
                assertThat(loaded.problems()).allSatisfy(p -> assertThat(p.line()).isPositive());
            }
            return;
        }
        assertThat(loaded.problems()).as("problems reading %s", trace).isEmpty();
        StringWriter out = new StringWriter();
        new DumpWriter(DumpOptions.defaults()).write(loaded.trace(), out);
        String diff = multisetDiff(expected, out.toString());
        if (!diff.isEmpty()) {
            fail(trace.getFileName() + " differs from " + suffix + ":\n" + diff);
        }
        assertThat(out.toString()).as("%s in pj_dump's order", trace.getFileName()).isEqualTo(expected);
    }

    /** Lines missing from / extra in {@code actual}, as a multiset, at most 10 of each. */
    static String multisetDiff(String expected, String actual) {
        Map<String, Integer> count = new HashMap<>();
        for (String l : expected.split("\n")) {
            if (!l.isEmpty()) {
                count.merge(l, 1, Integer::sum);
            }
        }
        List<String> extra = new ArrayList<>();
        for (String l : actual.split("\n")) {
            if (l.isEmpty()) {
                continue;
            }
            Integer c = count.get(l);
            if (c == null) {
                extra.add(l);
            } else if (c == 1) {
                count.remove(l);
            } else {
                count.put(l, c - 1);
            }
        }
        List<String> missing = new ArrayList<>();
        count.forEach((l, c) -> {
            for (int i = 0; i < c; i++) {
                missing.add(l);
            }
        });
        StringBuilder sb = new StringBuilder();
        missing.stream().sorted().limit(10).forEach(l -> sb.append("  missing: ").append(l).append('\n'));
        extra.stream().sorted().limit(10).forEach(l -> sb.append("  extra:   ").append(l).append('\n'));
        if (missing.size() > 10 || extra.size() > 10) {
            sb.append("  (").append(missing.size()).append(" missing, ").append(extra.size()).append(" extra in all)\n");
        }
        return sb.toString();
    }
}
