package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code paje render} as users run it: pictures written, and wrong usage answered with a message, never a stack trace. */
class RenderCliTest {
    private static final String HELLO = "../examples/hello.trace";

    @TempDir
    Path dir;

    @Test
    void writesAnSvgAndAPng() throws Exception {
        Path svg = dir.resolve("hello.svg");
        CliRun.Result r = CliRun.run("render", HELLO, "-o", svg.toString(), "--title", "Hello", "-w", "1200");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEmpty();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertThat(doc.getDocumentElement().getAttribute("width")).isEqualTo("1200");
        assertThat(Files.readString(svg)).contains(">Hello<", ">rank 0 / main<", ">Running<");

        Path png = dir.resolve("hello.png");
        r = CliRun.run("render", HELLO, "-o", png.toString(), "-s", "1", "-e", "2", "-c", "/node-1/rank 1", "-t",
                "Thread State", "--no-legend", "--height", "300", "--width", "640");
        assertThat(r.exit()).as("%s", r).isZero();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(640);
        assertThat(img.getHeight()).isEqualTo(300);
        assertThat(dir).isDirectoryNotContaining(p -> p.getFileName().toString().endsWith(".tmp"));
    }

    @Test
    void aggregateDrawsOneRowForManyChildren() throws Exception {
        Path png = dir.resolve("agg.svg");
        CliRun.Result r = CliRun.run("render", HELLO, "-o", png.toString(), "--aggregate");
        assertThat(r.exit()).as("%s", r).isZero();
        // hello's processes have two threads each: fewer than the eight that make a container worth aggregating
        assertThat(Files.readString(png)).contains(">rank 0 / main<").doesNotContain(" × ");
    }

    @Test
    void wrongUsageSaysWhy() {
        String out = dir.resolve("x.svg").toString();
        expect(2, List.of("render", HELLO, "-o", dir.resolve("x.jpg").toString()), "unknown extension '.jpg'", ".svg or .png");
        expect(2, List.of("render", HELLO, "-o", dir.resolve("x").toString()), "no extension");
        expect(2, List.of("render", HELLO, "-o", out, "-c", "/node-1/rank0"), "no container has the path '/node-1/rank0'",
                "did you mean", "'/node-1/rank 0'");
        expect(2, List.of("render", HELLO, "-o", out, "-t", "State"), "no entity type is named 'State'", "'Thread State'");
        expect(2, List.of("render", HELLO, "-o", out, "-t", "Thread"), "'Thread' is a container type");
        expect(2, List.of("render", HELLO, "-o", out, "-s", "3", "-e", "2"), "empty window", "--start 3.0 is after --end 2.0");
        expect(2, List.of("render", HELLO, "-o", out, "-w", "10"), "--width 10 is out of range");
        expect(2, List.of("render", HELLO, "-o", out, "--height", "99999"), "--height 99999 is out of range");
        expect(2, List.of("render", HELLO, "-o", out, "-w", "wide"), "--width", "'wide'");
        expect(2, List.of("render", HELLO), "Missing required option", "--output");
        expect(4, List.of("render", HELLO, "-o", dir.resolve("no/such/dir/x.png").toString()), "cannot write",
                "no such directory");
        Path folder = dir.resolve("folder.png");
        try {
            Files.createDirectories(folder);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        expect(4, List.of("render", HELLO, "-o", folder.toString()), "cannot write", "it is a directory");
        expect(4, List.of("render", "no-such.trace", "-o", out), "no-such.trace: no such file");
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }

    private static void expect(int code, List<String> args, String... words) {
        CliRun.Result r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.exit()).as("%s\n%s", args, r).isEqualTo(code);
        assertThat(r.err()).as("%s\n%s", args, r).contains(words).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
