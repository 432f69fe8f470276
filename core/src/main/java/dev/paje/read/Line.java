package dev.paje.read;

import java.nio.charset.StandardCharsets;

/**
 * A tokenized line, as a view over the reader's buffer. Valid only during the call it is passed
 * to: the reader reuses it (and the buffer) for the next line, so nothing is allocated per line.
 */
public final class Line {
    static final int MAX_FIELDS = 256;

    byte[] buf;
    final int[] start = new int[MAX_FIELDS];
    final int[] end = new int[MAX_FIELDS];
    int count;
    int lineStart;
    int lineEnd;
    long number;
    String file;

    /** Number of tokens, the event id included. */
    public int count() {
        return count;
    }

    /** 1-based line number in its file. */
    public long number() {
        return number;
    }

    /** The file this line comes from. */
    public String file() {
        return file;
    }

    public byte[] buffer() {
        return buf;
    }

    public int start(int token) {
        return start[token];
    }

    public int end(int token) {
        return end[token];
    }

    /** Token {@code token} as a String (allocates: for names seen once and for messages). */
    public String text(int token) {
        return new String(buf, start[token], end[token] - start[token], StandardCharsets.UTF_8);
    }

    /** The whole line as written, without its line terminator. */
    public String raw() {
        return new String(buf, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
    }

    /** Parses token {@code token} as a number; NaN when it is not one. */
    public double number(int token) {
        return Numbers.parse(buf, start[token], end[token]);
    }
}
