package dev.paje.causal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Splits a stream into lines without decoding it, for the text rewriters (a line may be longer than the buffer). */
final class TextLines {
    /** Receives {@code buf[from, to)}, a line without its newline; {@code next} is past the newline (if any). */
    interface Handler {
        void line(byte[] buf, int from, int to, int next, long number) throws IOException;
    }

    private TextLines() {
    }

    static void each(InputStream in, Handler handler) throws IOException {
        byte[] buf = new byte[1 << 20];
        int len = 0;
        long number = 0;
        while (true) {
            int n = in.readNBytes(buf, len, buf.length - len);
            len += n;
            boolean eof = len < buf.length;
            int pos = 0;
            while (pos < len) {
                int nl = pos;
                while (nl < len && buf[nl] != '\n') {
                    nl++;
                }
                if (nl == len && !eof) {
                    break; // an incomplete line: wait for more
                }
                number++;
                handler.line(buf, pos, nl, Math.min(nl + 1, len), number);
                pos = nl + 1;
            }
            if (eof) {
                break;
            }
            len -= Math.min(pos, len);
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, len);
            } else { // one line longer than the buffer
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
        }
    }
}
