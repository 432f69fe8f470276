package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.paje.TraceLoader;
import dev.paje.server.ViewerServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture every browser test shares: one headless Debian Chromium for the whole run (started on
 * first use, closed when the JVM exits), a fresh browser context and page per test, and the waits
 * and probes on the page's own model ({@code window.paje}), never a fixed sleep. A test class
 * registers its viewers as {@link dev.paje.server.ServedTrace} extensions (started before its tests, closed after).
 * Screenshots go to target/screenshots/.
 */
abstract class PageTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path SHOTS = Path.of("target/screenshots");
    /** The page is idle: first draw done, no request in flight or scheduled, the data matches the view. */
    static final String IDLE = "() => window.paje && window.paje.ready && !window.paje.pending && !window.paje.stale";

    private static Playwright playwright;
    private static Browser browser;

    protected BrowserContext context;
    protected Page page;

    @BeforeAll
    static void needChromium() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
                "browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)");
        Files.createDirectories(SHOTS);
    }

    /** The shared browser, launched on first use. */
    static synchronized Browser browser() {
        if (browser == null) {
            playwright = Playwright.create(new Playwright.CreateOptions()
                    .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))); // else it retries a download forever
            browser = launch(playwright);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                browser.close();
                playwright.close();
            }));
        }
        return browser;
    }

    /** Debian's Chromium with the flags a container without a GPU or a sandbox needs. */
    static Browser launch(Playwright pw) {
        return pw.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(CHROMIUM)
                .setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run")));
    }

    /** A viewer on {@code trace} (read strictly, as the CLI does by default) on a free port. */
    static ViewerServer serve(String trace) throws IOException {
        Path path = Path.of(trace);
        return ViewerServer.start(TraceLoader.builder().build().load(path), path.getFileName().toString(), "127.0.0.1", 0);
    }

    /** The browser context of each test: a 1400 × 800 window at device scale 1 unless the class's {@link Viewport} says otherwise. */
    protected Browser.NewContextOptions contextOptions() {
        Viewport v = getClass().getAnnotation(Viewport.class);
        Browser.NewContextOptions options = new Browser.NewContextOptions().setDeviceScaleFactor(1)
                .setViewportSize(v == null ? 1400 : v.width(), v == null ? 800 : v.height());
        return v != null && v.downloads() ? options.setAcceptDownloads(true) : options;
    }

    private final List<String> policyViolations = new CopyOnWriteArrayList<>();

    @BeforeEach
    void openPage() {
        context = browser().newContext(contextOptions());
        page = context.newPage();
        page.setDefaultTimeout(15_000);
        // the page runs under the server's Content-Security-Policy: anything it blocks is a broken page
        page.onConsoleMessage(m -> {
            if (m.text().contains("Content Security Policy")) {
                policyViolations.add(m.text());
            }
        });
    }

    @AfterEach
    void closePage() {
        if (context != null) {
            context.close();
        }
        assertThat(policyViolations).as("blocked by the Content-Security-Policy").isEmpty();
    }

    /** Opens {@code server}'s page at {@code hash} and waits until it is drawn and idle. */
    void load(ViewerServer server, String hash) {
        open(server.url() + hash);
    }

    /** Opens {@code url} and waits until the page is drawn and idle. */
    void open(String url) {
        page.navigate(url);
        page.waitForSelector("body[data-ready=\"1\"]");
        idle();
    }

    void idle() {
        page.waitForFunction(IDLE);
    }

    double num(String js) {
        return ((Number) page.evaluate(js)).doubleValue();
    }

    /** The page's id of the container named {@code container}. */
    int id(String container) {
        return (int) num("paje.containerId('" + container + "')");
    }

    /** Page x of time {@code t}. */
    double x(double t) {
        return num("paje.pageX(" + t + ")");
    }

    BufferedImage screenshot(String name) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve(name + ".png")))));
    }
}
