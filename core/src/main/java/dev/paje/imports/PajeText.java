package dev.paje.imports;

import dev.paje.format.Shortest;
import dev.paje.read.EventKind;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes Pajé trace text: the standard event definitions (PajeNG's, as poti writes them) plus any
 * {@linkplain #shape shapes} with user fields, then one line per call. Importers write through it;
 * what it writes reads back in our reader and in PajeNG's {@code pj_dump}. Names are written as
 * given, quoted when they hold blanks or '#' or are empty; a double quote becomes a single one and line
 * breaks and tabs become spaces, since a Pajé token cannot hold them. Not thread-safe.
 */
public final class PajeText {
    /** A kind of entity event with user fields after the standard ones; its id is in the header. */
    public record Shape(EventKind kind, int id, List<String> userFields) {
    }

    private final OutputStream out;
    private final List<Shape> shapes = new ArrayList<>();
    private byte[] buf = new byte[1 << 16];
    private int pos;
    private boolean headerWritten;
    private long lines;

    public PajeText(OutputStream out) {
        this.out = out;
    }

    /**
     * Declares an entity event (or a container creation) of {@code kind} carrying {@code userFields}
     * (strings) after its standard fields. Shapes are declared before the first line is written: they go
     * into the header.
     */
    public Shape shape(EventKind kind, String... userFields) {
        if (headerWritten) {
            throw new IllegalStateException("shapes are declared before the first event: the header is already written");
        }
        if (!kind.entity() && kind != EventKind.CREATE_CONTAINER) {
            throw new IllegalArgumentException("user fields belong to entity events and container creations, not "
                    + kind.specName());
        }
        Shape s = new Shape(kind, Standard.values().length + shapes.size(), List.of(userFields));
        shapes.add(s);
        return s;
    }

    /**
     * A writer of lines for another thread: the same shapes (so the same event ids), no header. Its output is
     * put back in this trace with {@link #append}, e.g. after a merge by time.
     */
    public PajeText sibling(OutputStream to) {
        PajeText s = new PajeText(to);
        s.shapes.addAll(shapes);
        s.headerWritten = true;
        return s;
    }

    /** Whole lines written by a {@linkplain #sibling sibling}: {@code len} bytes holding {@code count} lines. */
    public void append(byte[] text, int off, int len, long count) {
        header();
        if (pos + len > buf.length) {
            drain();
            if (len > buf.length) {
                try {
                    out.write(text, off, len);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                lines += count;
                return;
            }
        }
        System.arraycopy(text, off, buf, pos, len);
        pos += len;
        lines += count;
    }

    // ---- the type hierarchy

    public void containerType(String alias, String parentType, String name) {
        start(Standard.DEFINE_CONTAINER_TYPE).token(alias).token(parentType).token(name).end();
    }

    public void stateType(String alias, String containerType, String name) {
        start(Standard.DEFINE_STATE_TYPE).token(alias).token(containerType).token(name).end();
    }

    public void eventType(String alias, String containerType, String name) {
        start(Standard.DEFINE_EVENT_TYPE).token(alias).token(containerType).token(name).end();
    }

    /** {@code color} is "r g b" with each in [0, 1], or null for the default. */
    public void variableType(String alias, String containerType, String name, String color) {
        start(Standard.DEFINE_VARIABLE_TYPE).token(alias).token(containerType).token(name).token(color(color)).end();
    }

    public void linkType(String alias, String containerType, String startType, String endType, String name) {
        start(Standard.DEFINE_LINK_TYPE).token(alias).token(containerType).token(startType).token(endType).token(name).end();
    }

    /** A value of a state, event or link type; {@code color} is "r g b" or null. */
    public void value(String alias, String entityType, String name, String color) {
        start(Standard.DEFINE_ENTITY_VALUE).token(alias).token(entityType).token(name).token(color(color)).end();
    }

    // ---- containers

    public void createContainer(double time, String alias, String type, String parent, String name) {
        start(Standard.CREATE_CONTAINER).number(time).token(alias).token(type).token(parent).token(name).end();
    }

    public void destroyContainer(double time, String type, String container) {
        start(Standard.DESTROY_CONTAINER).number(time).token(type).token(container).end();
    }

    // ---- entities

    public void setState(double time, String type, String container, String value) {
        start(Standard.SET_STATE).number(time).token(type).token(container).token(value).end();
    }

    public void pushState(double time, String type, String container, String value) {
        start(Standard.PUSH_STATE).number(time).token(type).token(container).token(value).end();
    }

    public void popState(double time, String type, String container) {
        start(Standard.POP_STATE).number(time).token(type).token(container).end();
    }

    public void resetState(double time, String type, String container) {
        start(Standard.RESET_STATE).number(time).token(type).token(container).end();
    }

    public void event(double time, String type, String container, String value) {
        start(Standard.NEW_EVENT).number(time).token(type).token(container).token(value).end();
    }

    public void startLink(double time, String type, String container, String startContainer, String value, String key) {
        start(Standard.START_LINK).number(time).token(type).token(container).token(startContainer).token(value)
                .token(key).end();
    }

    public void endLink(double time, String type, String container, String endContainer, String value, String key) {
        start(Standard.END_LINK).number(time).token(type).token(container).token(endContainer).token(value)
                .token(key).end();
    }

    public void setVariable(double time, String type, String container, double value) {
        start(Standard.SET_VARIABLE).number(time).token(type).token(container).number(value).end();
    }

    public void addVariable(double time, String type, String container, double value) {
        start(Standard.ADD_VARIABLE).number(time).token(type).token(container).number(value).end();
    }

    public void subVariable(double time, String type, String container, double value) {
        start(Standard.SUB_VARIABLE).number(time).token(type).token(container).number(value).end();
    }

    /**
     * An entity event of a declared shape: its standard fields in {@code standard} (for states and events:
     * type, container, value; links: type, container, start or end container, value, key; variables: type,
     * container and the value as text; a container creation: alias, type, parent, name), then its user
     * fields in declaration order.
     */
    public void entity(Shape shape, double time, String[] standard, String... user) {
        if (user.length != shape.userFields().size()) {
            throw new IllegalArgumentException(shape.kind().specName() + " with user fields " + shape.userFields()
                    + " takes " + shape.userFields().size() + " values, not " + user.length);
        }
        header();
        integer(shape.id());
        number(time);
        for (String s : standard) {
            token(s);
        }
        for (String s : user) {
            token(s);
        }
        end();
    }

    /** Lines written, header included. */
    public long lines() {
        return lines;
    }

    /** Writes what is buffered (the header too, when nothing else was written). */
    public void flush() throws IOException {
        header();
        out.write(buf, 0, pos);
        pos = 0;
        out.flush();
    }

    // ---- writing

    private PajeText start(Standard event) {
        header();
        integer(event.ordinal());
        return this;
    }

    private void header() {
        if (headerWritten) {
            return;
        }
        headerWritten = true;
        for (Standard s : Standard.values()) {
            definition(s.kind, s.ordinal(), s.fields, List.of());
        }
        for (Shape s : shapes) {
            definition(s.kind(), s.id(), Standard.valueOf(s.kind().name()).fields, s.userFields());
        }
    }

    private void definition(EventKind kind, int id, String[] fields, List<String> user) {
        ascii("%EventDef ").ascii(kind.specName()).ascii(" ");
        integer(id);
        newline();
        for (String f : fields) {
            ascii("% ").ascii(f).newline();
        }
        for (String u : user) {
            ascii("% ").text(u.replaceAll("[^A-Za-z0-9_.-]", "_"), false).ascii(" string").newline();
        }
        ascii("%EndEventDef").newline();
    }

    private PajeText token(String s) {
        room(1);
        buf[pos++] = ' ';
        return text(s, true);
    }

    /** {@code s} as a token: quoted when it holds blanks or is empty (when {@code quote}). */
    private PajeText text(String s, boolean quote) {
        int n = s.length();
        if (plain(s)) {
            room(n);
            for (int i = 0; i < n; i++) {
                buf[pos++] = (byte) s.charAt(i);
            }
            return this;
        }
        if (quote) {
            room(1);
            buf[pos++] = '"';
        }
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        room(utf8.length + 1);
        for (byte b : utf8) {
            buf[pos++] = quotable(b);
        }
        if (quote) {
            buf[pos++] = '"';
        }
        return this;
    }

    /** Whether {@code s} is written as it is, unquoted. */
    private static boolean plain(String s) {
        int n = s.length();
        boolean plain = n > 0;
        for (int i = 0; i < n && plain; i++) {
            char c = s.charAt(i);
            plain = c > ' ' && c != '"' && c != '#' && c < 0x7f; // '#' starts a comment outside quotes
        }
        return plain;
    }

    /** A byte of a quoted token: a token cannot hold a double quote or a line break. */
    private static byte quotable(byte b) {
        return b == '"' ? (byte) '\'' : b == '\n' || b == '\r' || b == '\t' ? (byte) ' ' : b;
    }

    /**
     * {@code s} as the token {@link #entity} and the other writers write it (quotes included), which is the
     * name our reader interns when it reads the line: for handing names to the reader without the text.
     */
    public static byte[] tokenOf(String s) {
        if (plain(s)) {
            return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] t = new byte[utf8.length + 2];
        t[0] = '"';
        for (int i = 0; i < utf8.length; i++) {
            t[i + 1] = quotable(utf8[i]);
        }
        t[t.length - 1] = '"';
        return t;
    }

    /** The id of the standard definition of {@code kind} in the header this class writes. */
    public static int standardId(EventKind kind) {
        return Standard.valueOf(kind.name()).ordinal();
    }

    private PajeText ascii(String s) {
        return text(s, false);
    }

    private PajeText number(double x) {
        room(1);
        buf[pos++] = ' ';
        return ascii(Shortest.format(x));
    }

    private void integer(int n) {
        ascii(Integer.toString(n));
    }

    private PajeText newline() {
        room(1);
        buf[pos++] = '\n';
        return this;
    }

    private void end() {
        newline();
        lines++;
        if (pos > buf.length - 4096) {
            drain();
        }
    }

    private void drain() {
        try {
            out.write(buf, 0, pos);
            pos = 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void room(int n) {
        if (pos + n > buf.length) {
            drain();
            if (n > buf.length) {
                buf = Arrays.copyOf(buf, n * 2);
            }
        }
    }

    private static String color(String rgb) {
        return rgb == null ? "1 1 1" : rgb;
    }

    /** The standard definitions, in id order: ids are the ordinals. */
    private enum Standard {
        DEFINE_CONTAINER_TYPE(EventKind.DEFINE_CONTAINER_TYPE, "Alias string", "Type string", "Name string"),
        DEFINE_STATE_TYPE(EventKind.DEFINE_STATE_TYPE, "Alias string", "Type string", "Name string"),
        DEFINE_EVENT_TYPE(EventKind.DEFINE_EVENT_TYPE, "Alias string", "Type string", "Name string"),
        DEFINE_VARIABLE_TYPE(EventKind.DEFINE_VARIABLE_TYPE, "Alias string", "Type string", "Name string", "Color color"),
        DEFINE_LINK_TYPE(EventKind.DEFINE_LINK_TYPE, "Alias string", "Type string", "StartContainerType string",
                "EndContainerType string", "Name string"),
        DEFINE_ENTITY_VALUE(EventKind.DEFINE_ENTITY_VALUE, "Alias string", "Type string", "Name string", "Color color"),
        CREATE_CONTAINER(EventKind.CREATE_CONTAINER, "Time date", "Alias string", "Type string", "Container string",
                "Name string"),
        DESTROY_CONTAINER(EventKind.DESTROY_CONTAINER, "Time date", "Type string", "Name string"),
        SET_STATE(EventKind.SET_STATE, "Time date", "Type string", "Container string", "Value string"),
        PUSH_STATE(EventKind.PUSH_STATE, "Time date", "Type string", "Container string", "Value string"),
        POP_STATE(EventKind.POP_STATE, "Time date", "Type string", "Container string"),
        RESET_STATE(EventKind.RESET_STATE, "Time date", "Type string", "Container string"),
        NEW_EVENT(EventKind.NEW_EVENT, "Time date", "Type string", "Container string", "Value string"),
        START_LINK(EventKind.START_LINK, "Time date", "Type string", "Container string", "StartContainer string",
                "Value string", "Key string"),
        END_LINK(EventKind.END_LINK, "Time date", "Type string", "Container string", "EndContainer string",
                "Value string", "Key string"),
        SET_VARIABLE(EventKind.SET_VARIABLE, "Time date", "Type string", "Container string", "Value double"),
        ADD_VARIABLE(EventKind.ADD_VARIABLE, "Time date", "Type string", "Container string", "Value double"),
        SUB_VARIABLE(EventKind.SUB_VARIABLE, "Time date", "Type string", "Container string", "Value double");

        final EventKind kind;
        final String[] fields;

        Standard(EventKind kind, String... fields) {
            this.kind = kind;
            this.fields = fields;
        }
    }
}
