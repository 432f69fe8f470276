package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.export.CsvExport;
import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje export --format csv}: golden files for the bundled example, quoting of awkward
 * names, and on every trace of the corpus a round trip: the files parsed back (RFC 4180) hold
 * exactly the store's rows, numbers equal to the last bit.
 */
class ExportCsvTest {
    @TempDir
    Path dir;

    @Test
    void exampleMatchesGoldenFiles() throws IOException {
        CliRun.Result r = CliRun.run("export", "../examples/hello.trace", "--format", "csv", "-o", dir.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        for (String file : CsvExport.FILES) {
            assertThat(Files.readString(dir.resolve(file))).as(file).isEqualTo(Golden.read("hello.export_csv/" + file));
        }
    }

    @Test
    void namesWithCommasAndQuotesSurvive() throws IOException {
        Path trace = Path.of("src/test/resources/export/edges.trace");
        CliRun.Result r = CliRun.run("export", trace.toString(), "-f", "csv", "-o", dir.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        String containers = Files.readString(dir.resolve("containers.csv"));
        assertThat(containers).contains("\n\"n, 2\",0,Node,0,3.5,3.5,\"host\"\"x\"\"\"\n")
                .contains("\n\"x\"\"y\",n1,Worker,0,3.5,3.5,\n");
        assertThat(Files.readString(dir.resolve("events.csv")))
                .contains("w,Mark,1,tick,\"a, note\"\n").contains("w,Mark,2,tick,\"say\"\"hi\"\"\"\n");
        roundTrip(trace, dir);
    }

    @TestFactory
    Stream<DynamicTest> corpusRoundTrip() throws IOException {
        return Corpus.traces("valid").stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            Path out = dir.resolve(t.getFileName().toString());
            CliRun.Result r = CliRun.run("export", t.toString(), "-f", "csv", "-o", out.toString());
            assertThat(r.exit()).as("%s", r).isZero();
            roundTrip(t, out);
        }));
    }

    /** Every row of every file equals the store's, in the order of the walk; nothing more, nothing less. */
    private static void roundTrip(Path trace, Path out) throws IOException {
        Trace t = TraceLoader.builder().build().load(trace).trace();
        List<Iterator<List<String>>> files = new ArrayList<>();
        List<List<String>> headers = new ArrayList<>();
        for (String f : CsvExport.FILES) {
            List<List<String>> rows = CsvReader.parse(Files.readString(out.resolve(f)));
            headers.add(rows.get(0));
            files.add(rows.subList(1, rows.size()).iterator());
        }
        assertThat(headers.get(1).subList(0, 7)).containsExactly("container", "type", "start", "end", "duration",
                "imbrication", "value");
        walk(t, t.root(), files, headers);
        for (int k = 0; k < files.size(); k++) {
            assertThat(files.get(k).hasNext()).as("%s: rows beyond the store's", CsvExport.FILES.get(k)).isFalse();
        }
    }

    private static void walk(Trace t, Container c, List<Iterator<List<String>>> files, List<List<String>> headers) {
        check(files.get(0).next(), DisplayNames.name(c.name()) + "|" + (c.parent() == null ? "" : DisplayNames.name(c.parent().name()))
                + "|" + DisplayNames.name(c.type().name()) + "|" + n(c.start()) + n(c.end()) + (c.end() - c.start()));
        for (Type type : t.types()) {
            EntityTable table = c.table(type);
            for (int i = 0; table != null && i < table.size(); i++) {
                String head = DisplayNames.name(c.name()) + "|" + DisplayNames.name(type.name()) + "|";
                if (table instanceof StateTable s) {
                    check(files.get(1).next(), head + n(s.start(i)) + n(s.end(i)) + n(s.end(i) - s.start(i))
                            + s.level(i) + "|" + DisplayNames.name(type.value(s.value(i)).name()));
                } else if (table instanceof EventTable e) {
                    check(files.get(2).next(), head + n(e.time(i)) + DisplayNames.name(type.value(e.value(i)).name()));
                } else if (table instanceof VariableTable v) {
                    check(files.get(3).next(), head + n(v.start(i)) + n(v.end(i)) + n(v.end(i) - v.start(i))
                            + v.value(i));
                } else if (table instanceof LinkTable l) {
                    check(files.get(4).next(), head + n(l.start(i)) + n(l.end(i)) + n(l.end(i) - l.start(i))
                            + DisplayNames.name(type.value(l.value(i)).name()) + "|"
                            + DisplayNames.name(t.container(l.from(i)).name()) + "|" + DisplayNames.name(t.container(l.to(i)).name())
                            + "|" + DisplayNames.name(l.key(i)));
                }
            }
        }
        for (Container child : c.children()) {
            walk(t, child, files, headers);
        }
    }

    /** A number as the store holds it, followed by a field separator. */
    private static String n(double x) {
        return x + "|";
    }

    /** Compares the standard columns, numbers parsed back (they must be the same double). */
    private static void check(List<String> row, String expected) {
        String[] want = expected.split("\\|", -1);
        for (int i = 0; i < want.length; i++) {
            String got = row.get(i);
            if (want[i].matches("-?[0-9.]+(E-?[0-9]+)?|NaN|-?Infinity") && !got.isEmpty()
                    && got.matches("-?[0-9.]+(e-?[0-9]+)?")) {
                assertThat(Double.parseDouble(got)).as("column %d of %s", i, row).isEqualTo(Double.parseDouble(want[i]));
            } else {
                assertThat(got).as("column %d of %s", i, row).isEqualTo(want[i]);
            }
        }
    }
}
