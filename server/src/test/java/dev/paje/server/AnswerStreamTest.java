package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A window answer is held and sent with its length (one write per 32 KB, not the chunked encoding's one per 4 KB);
 * past its limit it streams chunked, every byte in order; a writer that fails before closing sends nothing.
 */
class AnswerStreamTest {
    @Test
    void aSmallAnswerGoesWithItsLengthALargeOneStreamsInOrder() throws IOException {
        byte[] answer = new byte[300_000];
        new Random(5).nextBytes(answer);
        for (long limit : new long[] {1 << 20, 100_000, 0}) {
            Exchange ex = new Exchange();
            try (AnswerStream out = new AnswerStream(ex, limit)) {
                for (int at = 0; at < answer.length; at += 7_001) {
                    out.write(answer, at, Math.min(7_001, answer.length - at));
                    if (at == 0) {
                        out.write(answer[0]); // a single byte too (then the rest from 7,001 on, as written)
                    }
                }
            }
            byte[] expected = new byte[answer.length + 1];
            System.arraycopy(answer, 0, expected, 0, 7_001);
            expected[7_001] = answer[0];
            System.arraycopy(answer, 7_001, expected, 7_002, answer.length - 7_001);
            assertThat(ex.length).as("limit %d", limit).isEqualTo(limit > answer.length ? answer.length + 1 : 0);
            assertThat(Arrays.equals(ex.body.toByteArray(), expected)).as("limit %d: the bytes, in order", limit).isTrue();
            assertThat(ex.closed).isTrue();
        }
    }

    @Test
    void nothingIsSentBeforeClose() throws IOException {
        Exchange ex = new Exchange();
        AnswerStream out = new AnswerStream(ex);
        out.write(new byte[1000], 0, 1000);
        assertThat(ex.length).isEqualTo(-2); // no headers sent: the handler's failure can still answer an error
        assertThat(ex.body.size()).isZero();
    }

    /** Records the length sent with the headers (-2: none sent), the body and whether it was closed. */
    private static final class Exchange extends HttpExchange {
        long length = -2;
        boolean closed;
        final ByteArrayOutputStream body = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed = true;
            }
        };

        @Override
        public void sendResponseHeaders(int code, long responseLength) {
            assertThat(length).as("headers sent once").isEqualTo(-2);
            assertThat(code).isEqualTo(200);
            length = responseLength;
        }

        @Override
        public OutputStream getResponseBody() {
            assertThat(length).as("the body asked after the headers").isNotEqualTo(-2);
            return body;
        }

        @Override
        public Headers getRequestHeaders() {
            return new Headers();
        }

        @Override
        public Headers getResponseHeaders() {
            return new Headers();
        }

        @Override
        public URI getRequestURI() {
            return URI.create("/api/window");
        }

        @Override
        public String getRequestMethod() {
            return "GET";
        }

        @Override
        public HttpContext getHttpContext() {
            return null;
        }

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public InputStream getRequestBody() {
            return InputStream.nullInputStream();
        }

        @Override
        public InetSocketAddress getRemoteAddress() {
            return null;
        }

        @Override
        public int getResponseCode() {
            return 200;
        }

        @Override
        public InetSocketAddress getLocalAddress() {
            return null;
        }

        @Override
        public String getProtocol() {
            return "HTTP/1.1";
        }

        @Override
        public Object getAttribute(String name) {
            return null;
        }

        @Override
        public void setAttribute(String name, Object value) {
            // no attributes
        }

        @Override
        public void setStreams(InputStream i, OutputStream o) {
            // not used
        }

        @Override
        public HttpPrincipal getPrincipal() {
            return null;
        }
    }
}
