package dev.paje.render;

import dev.paje.store.DisplayNames;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The picture's colours are the viewer's: value colours computed by the viewer's own util.js (run by
 * node, when the machine has it) equal the palette's, for the example and a corpus trace of many
 * values without colours of their own.
 */
class RenderPaletteTest {
    private static final Path UTIL = Path.of("..", "server", "src", "main", "resources", "static", "util.js");

    @Test
    void parsesPajeColours() {
        assertThat(Palette.parse("0.2 0.8 0.2").getRGB() & 0xFFFFFF).isEqualTo(0x33cc33);
        assertThat(Palette.parse("255 0 128").getRGB() & 0xFFFFFF).isEqualTo(0xff0080);
        assertThat(Palette.parse("#1f6feb").getRGB() & 0xFFFFFF).isEqualTo(0x1f6feb);
        assertThat(Palette.parse("1,0.5,0").getRGB() & 0xFFFFFF).isEqualTo(0xff8000);
        assertThat(Palette.parse("red")).isNull();
        assertThat(Palette.parse("-1 0 0")).isNull();
        assertThat(Palette.parse(null)).isNull();
    }

    @Test
    void valueColoursMatchTheViewers() throws Exception {
        Assumptions.assumeTrue(node() != null && Files.isRegularFile(UTIL), "node or the viewer's util.js not found: skipping");
        List<Path> traces = new ArrayList<>(List.of(Pictures.HELLO));
        String shared = System.getProperty("paje.shared");
        if (shared != null) {
            Path ms = Path.of(shared, "traces", "valid", "simgrid-3.32-smpi-ring-16ranks-50it.trace");
            if (Files.isRegularFile(ms)) {
                traces.add(ms);
            }
        }
        int compared = 0;
        for (Path file : traces) {
            Trace trace = Pictures.load(file);
            Palette palette = new Palette(trace);
            for (Type t : trace.types()) {
                if (t.values().isEmpty()) {
                    continue;
                }
                StringBuilder js = new StringBuilder("const U = require(" + quote(UTIL.toAbsolutePath().toString())
                        + "); const m = U.assignColors([");
                for (var v : t.values()) {
                    js.append("{id:").append(v.index()).append(",name:").append(quote(unq(v.name()))).append(",color:")
                            .append(v.color() == null ? "null" : quote(unq(v.color()))).append("},");
                }
                js.append("]); console.log([...m.entries()].sort((a,b)=>a[0]-b[0]).map(e=>e[1].join(',')).join(' '));");
                String want = run(js.toString());
                List<String> got = new ArrayList<>();
                for (var v : t.values()) {
                    var c = palette.value(t, v.index());
                    got.add(c.getRed() + "," + c.getGreen() + "," + c.getBlue());
                }
                assertThat(String.join(" ", got)).as("%s of %s", t, file).isEqualTo(want);
                compared += t.values().size();
            }
        }
        assertThat(compared).isPositive();
    }

    private static String unq(String s) {
        return dev.paje.store.DisplayNames.name(s);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String node() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "node"))) {
                return Path.of(dir, "node").toString();
            }
        }
        return null;
    }

    private static String run(String js) throws Exception {
        Process p = new ProcessBuilder(node(), "-e", js).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
