package dev.paje.read;

/**
 * Reads trace text one line at a time, keeping the header as it stands at each line: for tools
 * that rewrite a trace's text (fix-clocks) instead of simulating it, and so must see every byte.
 * Lines are interpreted exactly as the {@link TraceReader} does (same tokenizer, same header).
 */
public final class LineStream {
    private final Header header;
    private final Line line = new Line();

    public LineStream(boolean legacyNames) {
        this.header = new Header(legacyNames);
    }

    /**
     * Interprets the line {@code buf[from, to)} (without its newline; a trailing CR is allowed).
     *
     * @return the definition of an event line, whose tokens {@link #line()} then holds; null for a
     *     blank, comment or header line
     * @throws EventError for a malformed line, an unknown event id or a wrong field count
     */
    public EventDefinition next(byte[] buf, int from, int to, long number) {
        line.buf = buf;
        line.number = number;
        line.lineStart = from;
        line.lineEnd = to > from && buf[to - 1] == '\r' ? to - 1 : to;
        if (!LineScanner.scan(buf, from, to, line)) {
            return null;
        }
        if (buf[line.start[0]] == '%') {
            header.accept(line);
            return null;
        }
        if (header.definitionOpen()) {
            throw new EventError("event line inside an unfinished event definition (line " + header.openLine() + ")");
        }
        EventDefinition def = header.lookup(line);
        if (def == null) {
            throw new EventError("unknown event id '" + line.text(0) + "'");
        }
        if (line.count - 1 != def.fieldCount()) {
            throw new EventError(def.kind().specName() + " expects " + def.fieldCount() + " fields, found "
                    + (line.count - 1));
        }
        return def;
    }

    /** The tokens of the last line passed to {@link #next}; token 0 is the event id. */
    public Line line() {
        return line;
    }
}
