package dev.paje.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a Pajé trace from a Java program, the Java counterpart of PajeNG's poti. Define the types,
 * create containers, then trace through the {@link Container}s from any number of threads:
 *
 * <pre>{@code
 * try (Tracer tracer = Tracer.builder().open(Path.of("run.trace"))) {
 *     ContainerType thread = tracer.containerType("Thread");
 *     StateType state = tracer.stateType("State", thread);
 *     Value working = state.value("Working", "0 0.8 0");
 *     Container worker = tracer.createContainer("worker-1", thread);
 *     worker.pushState(state, working);
 *     worker.popState(state);
 * }
 * }</pre>
 *
 * <p><b>Order.</b> Every call takes one lock, reads the clock <em>inside</em> it, checks, and encodes its
 * line into one buffer: the file is in time order by construction, whatever the threads, as Pajé
 * readers want it. Two buffers (1 MiB each by default) take turns: when one is nearly full a writer
 * thread writes it (and gzips it, if asked) while calls fill the other; a call waits only when the
 * writer falls a whole buffer behind. A call allocates nothing: names are written once, in the
 * definition lines, and lines refer to them by alias. Close the tracer: what is buffered is written
 * then, and the writer thread (a daemon, started with the first full buffer) ends.
 *
 * <p><b>Time.</b> Seconds since the tracer was opened ({@link System#nanoTime()}), or the nanoseconds
 * of a clock given to the builder (which should not go back: see {@link Misuse#TIME_BACKWARDS}).
 *
 * <p><b>Wrong use</b> ({@link Misuse}): strict tracers throw {@link TraceMisuseException} at once;
 * lenient ones (the default) skip the call, count it, and report the counts at {@link #close()} on the
 * report stream (standard error by default; {@link #problems()} gives them too).
 *
 * <p><b>Errors writing</b> the output do not interrupt the program: the first one is kept, nothing more
 * is written, and {@link #flush()} and {@link #close()} throw it.
 */
public final class Tracer implements AutoCloseable {
    /** Colors for values defined without one, in turn. */
    private static final String[] PALETTE = {"0.12 0.47 0.71", "1 0.5 0.05", "0.17 0.63 0.17", "0.84 0.15 0.16",
            "0.58 0.4 0.74", "0.55 0.34 0.29", "0.89 0.47 0.76", "0.5 0.5 0.5", "0.74 0.74 0.13", "0.09 0.75 0.81"};

    private final Object lock = new Object();
    private final Options options;
    private final String destination;
    private final LineBuffer out;
    private final LongSupplier clock;
    private final long origin;
    private final Builder owner;
    private final ContainerType rootType;
    private final Container root;
    private final PendingLinks pending = new PendingLinks();
    private final AtomicLong linkKeys = new AtomicLong();
    private final long[] misuseCounts = new long[Misuse.values().length];
    private final String[] firstMisuse = new String[Misuse.values().length];
    // Guarded by lock:
    private long last = Long.MIN_VALUE;
    private int types;
    private int stateTypes;
    private int linkTypes;
    private int containers;
    private int values;
    private long lines;
    private boolean closed;

    /** How the tracer writes: see {@link Builder}. */
    record Options(boolean strict, boolean gzip, int bufferBytes, LongSupplier clock, PrintStream report) {
    }

    private Tracer(Options options, Builder owner, List<UserFields> userFields, OutputStream stream,
            String destination) throws IOException {
        this.options = options;
        this.owner = owner;
        this.destination = destination;
        this.out = new LineBuffer(options.gzip() ? new GZIPOutputStream(stream, 1 << 16) : stream, options.bufferBytes(),
                destination);
        this.clock = options.clock() == null ? System::nanoTime : options.clock();
        this.origin = options.clock() == null ? System.nanoTime() : 0;
        this.rootType = new ContainerType(this, "0", null, "0", true);
        this.root = new Container(this, "0", rootType, "0", containers++, true);
        StringBuilder header = new StringBuilder();
        for (Standard s : Standard.values()) {
            header.append(s.definition(s.ordinal(), List.of()));
        }
        for (UserFields f : userFields) {
            header.append(f.definition());
        }
        out.bytes(header.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The root container ("0"), the parent of top-level containers. */
    public Container root() {
        return root;
    }

    // ---- the type hierarchy (written once; not the hot path)

    /** A container type at the top of the hierarchy. */
    public ContainerType containerType(String name) {
        return containerType(name, rootType);
    }

    /** A container type whose containers sit inside containers of {@code parent}. */
    public ContainerType containerType(String name, ContainerType parent) {
        synchronized (lock) {
            boolean ok = open("define container type " + name) && named(name, "container type") && defined(parent);
            ContainerType t = new ContainerType(this, name, parent, "T" + ++types, ok);
            if (ok) {
                line(Standard.DEFINE_CONTAINER_TYPE).bytes(t.alias).token(parent.alias).text(name).newline();
            }
            return t;
        }
    }

    public StateType stateType(String name, ContainerType container) {
        synchronized (lock) {
            boolean ok = entityType(name, container, "state type");
            StateType t = new StateType(this, name, container, "S" + ++types, ok, stateTypes++);
            define(Standard.DEFINE_STATE_TYPE, t, ok);
            return t;
        }
    }

    public EventType eventType(String name, ContainerType container) {
        synchronized (lock) {
            boolean ok = entityType(name, container, "event type");
            EventType t = new EventType(this, name, container, "E" + ++types, ok);
            define(Standard.DEFINE_EVENT_TYPE, t, ok);
            return t;
        }
    }

    /** A variable type drawn in a color picked from a palette. */
    public VariableType variableType(String name, ContainerType container) {
        return variableType(name, container, null);
    }

    /** A variable type drawn in {@code color}, "r g b" with each in [0, 1]. */
    public VariableType variableType(String name, ContainerType container, String color) {
        synchronized (lock) {
            boolean ok = entityType(name, container, "variable type") && color(color);
            VariableType t = new VariableType(this, name, container, "V" + ++types, ok);
            if (ok) {
                line(Standard.DEFINE_VARIABLE_TYPE).bytes(t.alias).token(container.alias).text(name)
                        .text(color == null ? PALETTE[types % PALETTE.length] : color).newline();
            }
            return t;
        }
    }

    /**
     * A link type drawn inside containers of {@code container} from a container of {@code start} to one
     * of {@code end} (both inside it).
     */
    public LinkType linkType(String name, ContainerType container, ContainerType start, ContainerType end) {
        synchronized (lock) {
            boolean ok = entityType(name, container, "link type") && defined(start) && defined(end);
            LinkType t = new LinkType(this, name, container, start, end, "L" + ++types, ok, linkTypes++);
            if (ok) {
                line(Standard.DEFINE_LINK_TYPE).bytes(t.alias).token(container.alias).token(start.alias)
                        .token(end.alias).text(name).newline();
            }
            return t;
        }
    }

    Value value(ValuedType type, String name, String color) {
        synchronized (lock) {
            boolean ok = open("define value " + name) && named(name, "value") && defined(type) && color(color);
            Value v = new Value(type, name, "v" + ++values, ok);
            if (ok) {
                line(Standard.DEFINE_ENTITY_VALUE).bytes(v.alias).token(type.alias).text(name)
                        .text(color == null ? PALETTE[values % PALETTE.length] : color).newline();
            }
            return v;
        }
    }

    private boolean entityType(String name, ContainerType container, String what) {
        return open("define " + what + " " + name) && named(name, what) && defined(container);
    }

    private void define(Standard kind, TraceType t, boolean ok) {
        if (ok) {
            line(kind).bytes(t.alias).token(t.container.alias).text(t.name).newline();
        }
    }

    // ---- containers

    /** Creates a top-level container (inside the root) of a top-level type. */
    public Container createContainer(String name, ContainerType type) {
        return createContainer(name, type, root);
    }

    /** Creates a container of {@code type} inside {@code parent}, whose type must be {@code type}'s parent. */
    public Container createContainer(String name, ContainerType type, Container parent) {
        synchronized (lock) {
            boolean ok = open("create container " + name) && named(name, "container") && live(parent)
                    && fits(type, parent, "create container '" + name + "'");
            Container c = new Container(this, name, type, "c" + containers, containers++, ok);
            if (ok) {
                timed(Standard.CREATE_CONTAINER.id).token(c.alias).token(type.alias).token(parent.alias).text(name)
                        .newline();
            }
            return c;
        }
    }

    void destroy(Container c) {
        synchronized (lock) {
            if (!open("destroy a container")) {
                return;
            }
            if (c != null && c.tracer == this && c.destroyed) {
                misuse(Misuse.DESTROYED_TWICE, c + " was already destroyed");
                return;
            }
            if (!live(c)) {
                return;
            }
            if (c == root) {
                misuse(Misuse.UNKNOWN_CONTAINER, "the root container cannot be destroyed");
                return;
            }
            timed(Standard.DESTROY_CONTAINER.id).token(c.type.alias).token(c.alias).newline();
            c.live = false;
            c.destroyed = true;
        }
    }

    /** A key no other call of this method returned, for {@link Container#startLink}. Lock-free. */
    public long newLinkKey() {
        return linkKeys.incrementAndGet();
    }

    // ---- the hot path: one line per call, under the lock, allocation-free when used rightly

    void state(Standard kind, Container c, StateType t, Value v, FieldValues f) {
        synchronized (lock) {
            if (open(kind) && live(c) && fits(t, c, kind) && valueOf(v, t) && fields(f, kind)) {
                long time = now();
                c.depth(t, kind == Standard.PUSH_STATE ? c.depth(t) + 1 : 1);
                finish(timed(f == null ? kind.id : f.fields.id, time).token(t.alias).token(c.alias).token(v.alias), f);
            }
        }
    }

    void pop(Standard kind, Container c, StateType t) {
        synchronized (lock) {
            if (open(kind) && live(c) && fits(t, c, kind)) {
                if (kind == Standard.POP_STATE && c.depth(t) == 0) {
                    misuse(Misuse.POP_WITHOUT_PUSH, c + " has no state of " + t + " to pop");
                    return;
                }
                long time = now();
                c.depth(t, kind == Standard.POP_STATE ? c.depth(t) - 1 : 0);
                timed(kind.id, time).token(t.alias).token(c.alias).newline();
            }
        }
    }

    void event(Container c, EventType t, Value v, CharSequence text, FieldValues f) {
        synchronized (lock) {
            Standard kind = Standard.NEW_EVENT;
            if (open(kind) && live(c) && fits(t, c, kind) && (v == null ? text(text) : valueOf(v, t))
                    && fields(f, kind)) {
                LineBuffer line = timed(f == null ? kind.id : f.fields.id).token(t.alias).token(c.alias);
                finish(v == null ? line.text(text) : line.token(v.alias), f);
            }
        }
    }

    void variable(Standard kind, Container c, VariableType t, double x) {
        synchronized (lock) {
            if (open(kind) && live(c) && fits(t, c, kind) && finite(x, t)) {
                timed(kind.id).token(t.alias).token(c.alias).number(x).newline();
            }
        }
    }

    void link(Standard kind, Container c, LinkType t, Container other, Value v, long key, FieldValues f) {
        synchronized (lock) {
            boolean start = kind == Standard.START_LINK;
            if (!(open(kind) && live(c) && fits(t, c, kind) && live(other) && ends(t, other, start)
                    && valueOf(v, t) && fields(f, kind))) {
                return;
            }
            long time = now(); // before the pending set changes: a strict clock check may throw
            if (start ? !pending.add(t.linkIndex, c.index, key) : !pending.remove(t.linkIndex, c.index, key)) {
                if (start) {
                    misuse(Misuse.LINK_KEY_IN_USE, t + " in " + c + ": key " + key + " is already pending");
                } else {
                    misuse(Misuse.LINK_END_WITHOUT_START, t + " in " + c + ": no pending start with key " + key);
                }
                return;
            }
            finish(timed(f == null ? kind.id : f.fields.id, time).token(t.alias).token(c.alias).token(other.alias)
                    .token(v.alias).integer(key), f);
        }
    }

    private void finish(LineBuffer line, FieldValues f) {
        if (f != null) {
            f.writeTo(line);
        }
        line.newline();
    }

    // ---- closing

    /** Writes what is buffered to the output and flushes it. */
    public void flush() throws IOException {
        synchronized (lock) {
            out.flush();
        }
    }

    /** The wrong uses counted so far (lenient mode; strict mode throws instead). */
    public Problems problems() {
        synchronized (lock) {
            return Problems.of(misuseCounts, firstMisuse);
        }
    }

    /** Entity and container lines written so far (definitions and header excluded). */
    public long lines() {
        synchronized (lock) {
            return lines;
        }
    }

    /**
     * Writes the rest and closes the output (containers left alive end with the trace). Links started and
     * never ended are a {@link Misuse#LINK_START_WITHOUT_END}; a lenient tracer reports its counts on the
     * report stream. A second call does nothing.
     *
     * @throws IOException the first error writing the output
     * @throws TraceMisuseException in strict mode, links left pending (after the output is closed)
     */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                out.close();
            } finally {
                int unmatched = pending.size();
                if (unmatched > 0) {
                    String message = unmatched + " link(s) started and never ended";
                    if (options.strict()) {
                        throw new TraceMisuseException(Misuse.LINK_START_WITHOUT_END, message);
                    }
                    misuseCounts[Misuse.LINK_START_WITHOUT_END.ordinal()] += unmatched;
                    firstMisuse[Misuse.LINK_START_WITHOUT_END.ordinal()] = message;
                }
                report();
            }
        }
    }

    private void report() {
        Problems p = Problems.of(misuseCounts, firstMisuse);
        if (options.report() != null && !p.isEmpty()) {
            options.report().println("paje trace " + destination + ": " + p.total() + " wrong use(s) of the tracer ignored:");
            for (String l : p.lines()) {
                options.report().println("  " + l);
            }
        }
    }

    // ---- checks: true when right; otherwise a misuse (thrown, or counted and false). Messages built only then.

    private boolean misuse(Misuse m, String message) {
        if (options.strict()) {
            throw new TraceMisuseException(m, message);
        }
        if (firstMisuse[m.ordinal()] == null) {
            firstMisuse[m.ordinal()] = message;
            if (closed && options.report() != null) { // the report at close is gone: say it now, once
                options.report().println("paje trace " + destination + ": " + m.description() + ": " + message
                        + " (ignored; more are counted in problems())");
            }
        }
        misuseCounts[m.ordinal()]++;
        return false;
    }

    private boolean open(Standard kind) {
        return !closed || misuse(Misuse.AFTER_CLOSE, kind.specName + " after the tracer was closed");
    }

    private boolean open(String what) {
        return !closed || misuse(Misuse.AFTER_CLOSE, what + " after the tracer was closed");
    }

    private boolean named(String name, String what) {
        return name != null || misuse(Misuse.BAD_ARGUMENT, "a " + what + " needs a name, not null");
    }

    private boolean defined(TraceType t) {
        if (t != null && t.tracer == this && t.live) {
            return true;
        }
        return misuse(Misuse.UNKNOWN_TYPE, t == null ? "null type" : t.tracer != this ? t + " belongs to another tracer"
                : t + " was not defined (its definition was refused)");
    }

    private boolean live(Container c) {
        if (c != null && c.tracer == this && c.live) {
            return true;
        }
        return misuse(Misuse.UNKNOWN_CONTAINER, c == null ? "null container" : c.tracer != this
                ? c + " belongs to another tracer" : c.destroyed ? c + " was destroyed" : c + " was not created (its creation was refused)");
    }

    /** {@code t} is defined and meant for containers of {@code c}'s type. */
    private boolean fits(TraceType t, Container c, Standard kind) {
        return defined(t) && (t.container == c.type
                || misuse(Misuse.UNKNOWN_TYPE, kind.specName + ": " + t + " belongs to containers of " + t.container + ", not to " + c
                        + " of " + c.type));
    }

    private boolean fits(TraceType t, Container parent, String what) {
        return defined(t) && (t.container == parent.type
                || misuse(Misuse.UNKNOWN_TYPE, what + ": " + t + " goes inside containers of " + t.container + ", not inside "
                        + parent + " of " + parent.type));
    }

    private boolean ends(LinkType t, Container other, boolean start) {
        ContainerType want = start ? t.start : t.end;
        return other.type == want || misuse(Misuse.UNKNOWN_TYPE, t + " " + (start ? "starts" : "ends") + " at containers of "
                + want + ", not at " + other + " of " + other.type);
    }

    private boolean valueOf(Value v, TraceType t) {
        if (v != null && v.type == t && v.live) {
            return true;
        }
        return misuse(Misuse.UNKNOWN_TYPE, v == null ? "null value for " + t : v.type != t ? v + " used with " + t
                : v + " was not defined (its definition was refused)");
    }

    private boolean text(CharSequence text) {
        return text != null || misuse(Misuse.BAD_ARGUMENT, "null event text");
    }

    private boolean fields(FieldValues f, Standard kind) {
        return f == null || f.fields.owner == owner && f.fields.kind.standard == kind
                || misuse(Misuse.BAD_ARGUMENT, "user fields " + f.fields.names + " of " + f.fields.kind
                        + (f.fields.owner == owner ? "" : " of another tracer's builder") + " used with " + kind.specName);
    }

    private boolean finite(double x, VariableType t) {
        return Double.isFinite(x) || misuse(Misuse.BAD_ARGUMENT, t + ": variable value " + x + " is not a finite number");
    }

    private boolean color(String color) {
        if (color == null) {
            return true;
        }
        String[] parts = color.trim().split("\\s+");
        boolean ok = parts.length == 3;
        for (int i = 0; ok && i < 3; i++) {
            try {
                double c = Double.parseDouble(parts[i]);
                ok = c >= 0 && c <= 1;
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        return ok || misuse(Misuse.BAD_ARGUMENT, "color '" + color + "': expected \"r g b\" with each in [0, 1]");
    }

    // ---- writing

    /** Nanoseconds on the trace's clock, never before the last line's. */
    private long now() {
        long t = clock.getAsLong() - origin;
        if (t < last) {
            misuse(Misuse.TIME_BACKWARDS, "the clock went from " + last + " ns back to " + t + " ns");
            t = last; // lenient: keep the file sorted
        }
        last = t;
        return t;
    }

    private LineBuffer line(Standard kind) {
        return out.bytes(kind.id).space();
    }

    private LineBuffer timed(byte[] id) {
        return timed(id, now());
    }

    private LineBuffer timed(byte[] id, long time) {
        lines++;
        return out.bytes(id).time(time);
    }

    /** Options of a {@link Tracer}; {@code open} writes the header and returns the tracer. */
    public static final class Builder {
        private boolean strict;
        private boolean gzip;
        private int bufferBytes = 1 << 20;
        private LongSupplier clock;
        private PrintStream report = System.err;
        private final List<UserFields> userFields = new ArrayList<>();

        private Builder() {
        }

        /** Strict: a wrong use throws {@link TraceMisuseException} at once (default: counted and reported at close). */
        public Builder strict(boolean strict) {
            this.strict = strict;
            return this;
        }

        /** Compresses the output with gzip. */
        public Builder gzip(boolean gzip) {
            this.gzip = gzip;
            return this;
        }

        /** Bytes buffered before they are written (default 1 MiB). */
        public Builder bufferBytes(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("buffer of " + bytes + " bytes: expected at least 1024");
            }
            this.bufferBytes = bytes;
            return this;
        }

        /** The time of each line in nanoseconds, read under the tracer's lock (default: nanoTime since open). */
        public Builder clock(LongSupplier nanos) {
            this.clock = nanos;
            return this;
        }

        /** Where a lenient tracer reports wrong uses at close; null for nowhere (default: standard error). */
        public Builder report(PrintStream report) {
            this.report = report;
            return this;
        }

        /** Declares user fields of one kind of line; they go in the header of the tracers this builder opens. */
        public UserFields userFields(UserFields.Kind kind, String... names) {
            UserFields f = new UserFields(this, kind, Standard.values().length + userFields.size(), names);
            userFields.add(f);
            return f;
        }

        /** Opens a tracer writing to {@code file} (replaced if it exists). */
        public Tracer open(Path file) throws IOException {
            OutputStream stream = Files.newOutputStream(file);
            try {
                return open(stream, file.toString());
            } catch (IOException | RuntimeException e) {
                stream.close();
                throw e;
            }
        }

        /** Opens a tracer writing to {@code stream}, which it closes at close; {@code name} is for reports. */
        public Tracer open(OutputStream stream, String name) throws IOException {
            Options options = new Options(strict, gzip, bufferBytes, clock, report);
            return new Tracer(options, this, List.copyOf(userFields), stream, name);
        }
    }
}
