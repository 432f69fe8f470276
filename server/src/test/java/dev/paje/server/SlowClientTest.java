package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Clients that stop in the middle of their headers hold a connection each, not the whole server (issue 15.6). */
class SlowClientTest {
    private static ViewerServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ViewerServer.starting("slow.trace", "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aRequestIsAnsweredWhileSixteenOthersAreHalfSent() throws Exception {
        String host = "127.0.0.1:" + server.port();
        List<Socket> halfOpen = new ArrayList<>();
        try {
            for (int i = 0; i < 16; i++) {
                Socket s = new Socket("127.0.0.1", server.port());
                // a request line and a header, never the blank line that ends the headers
                s.getOutputStream().write(("GET /api/status HTTP/1.1\r\nHost: " + host + "\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                halfOpen.add(s);
            }
            Thread.sleep(300); // the server has picked them all up and waits on their headers

            for (String path : List.of("/api/status", "/")) {
                // 2 s is generous: the point is an answer at all, not its speed
                RawHttp.Answer a = RawHttp.send(server.port(), RawHttp.get(path, host, ""), 2000);
                assertThat(a.status()).as("%s %s", path, a).isEqualTo(200);
            }
        } finally {
            for (Socket s : halfOpen) {
                s.close();
            }
        }
    }
}
