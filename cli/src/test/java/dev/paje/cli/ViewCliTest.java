package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code paje view}: its help and its refusals (serving itself blocks, and is tested in the server module). */
class ViewCliTest {
    @Test
    void helpListsTheOptions() {
        CliRun.Result r = CliRun.run("view", "--help");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("TRACE", "--port", "--host", "--no-browser", "--no-strict", "--threads",
                "--cache-dir", "--no-cache", "browser", "--source");
        assertThat(CliRun.run("--help").out()).contains("view");
    }

    @Test
    void missingTraceOrBadPortIsRefused() {
        CliRun.Result missing = CliRun.run("view", "--no-browser", "no-such.trace");
        assertThat(missing.exit()).isEqualTo(4);
        assertThat(missing.err()).contains("no-such.trace: no such file");
        CliRun.Result port = CliRun.run("view", "--no-browser", "--port", "70000", "../examples/hello.trace");
        assertThat(port.exit()).isEqualTo(2);
        assertThat(port.err()).contains("--port must be between 0 and 65535");
        assertThat(CliRun.run("view").exit()).isEqualTo(2);
    }

    @Test
    void sourceMustBeAnExistingDirectory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        CliRun.Result missing = CliRun.run("view", "--no-browser", "--source", dir.resolve("nope").toString(),
                "../examples/hello.trace");
        assertThat(missing.exit()).as("%s", missing).isEqualTo(2);
        assertThat(missing.err()).contains("--source", "nope", "no such directory");
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("main.c"), "int main;\n");
        CliRun.Result notDir = CliRun.run("view", "--no-browser", "--source", file.toString(), "../examples/hello.trace");
        assertThat(notDir.exit()).as("%s", notDir).isEqualTo(2);
        assertThat(notDir.err()).contains("main.c: not a directory");
    }

    @Test
    void withoutABrowserItSaysSoWithTheAddressAndAnSshTunnel() {
        String m = ViewCommand.noBrowser("http://127.0.0.1:43117/", "no display");
        assertThat(m).contains("no browser could be opened (no display)", "http://127.0.0.1:43117/",
                "ssh -L 43117:127.0.0.1:43117 ");
    }
}
