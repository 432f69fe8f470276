package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import dev.paje.format.ByteChunks;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A 200 answer's body kept in memory and sent with its length once written: the JDK server's chunked encoding writes
 * 4 KB at a time, a system call each (~2,000 for a zoomed-out window's 8.7 MB), where a body of known length goes out
 * in {@link ByteChunks}' 32 KB writes. Past {@link #HELD} bytes (thousands of rows at 10,000 pixels) the answer is
 * streamed chunked instead, so memory stays bounded. Not sent at all if the writer fails before {@link #close}.
 */
final class AnswerStream extends OutputStream {
    /** A zoomed-out window of 100 rows is 4–9 MB; past this the answer streams. */
    static final long HELD = 16L << 20;

    private final HttpExchange ex;
    private final long limit;
    private ByteChunks held = new ByteChunks();
    /** The exchange's chunked body, once the answer outgrew {@link #HELD}. */
    private OutputStream streamed;

    AnswerStream(HttpExchange ex) {
        this(ex, HELD);
    }

    /** Held up to {@code limit} bytes (tests: a small one). */
    AnswerStream(HttpExchange ex, long limit) {
        this.ex = ex;
        this.limit = limit;
    }

    @Override
    public void write(int b) throws IOException {
        if (streamed != null) {
            streamed.write(b);
            return;
        }
        held.write(b);
        spillPastHeld();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (streamed != null) {
            streamed.write(b, off, len);
            return;
        }
        held.write(b, off, len);
        spillPastHeld();
    }

    private void spillPastHeld() throws IOException {
        if (held.size() > limit) {
            ex.sendResponseHeaders(200, 0);
            streamed = ex.getResponseBody();
            send();
        }
    }

    /** Sends the answer (its length first when it was held whole). */
    @Override
    public void close() throws IOException {
        if (streamed == null) {
            ex.sendResponseHeaders(200, held.size() == 0 ? -1 : held.size());
            streamed = ex.getResponseBody();
            send();
        }
        streamed.close();
    }

    private void send() throws IOException {
        held.writeTo(streamed);
        held.release();
        held = null;
    }
}
