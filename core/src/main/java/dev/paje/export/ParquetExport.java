package dev.paje.export;

import dev.paje.export.parquet.Column;
import dev.paje.export.parquet.PageCompression;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.export.parquet.ParquetWriter;
import dev.paje.export.parquet.RowSink;
import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.EntityTable;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * A trace as Parquet tables (docs/parquet.md), one file per kind, each written while walking the
 * store once: entity rows by container (depth first), type and time, as the store holds them. One
 * file is open at a time, so memory is one row group's ({@link ParquetOptions}) whatever the trace.
 */
public final class ParquetExport {
    /** The files written, in order. */
    public static final List<String> FILES = List.of("containers.parquet", "states.parquet", "events.parquet",
            "links.parquet", "variables.parquet", "types.parquet", "type_values.parquet");

    private final Trace trace;
    private final ParquetOptions options;
    private final List<Container> order;
    private final String[] containerNames;
    private final PageCompression compression; // null: each writer compresses its own pages

    public ParquetExport(Trace trace, ParquetOptions options) {
        this(trace, options, TraceWalk.preorder(trace), names(trace), null);
    }

    private ParquetExport(Trace trace, ParquetOptions options, List<Container> order, String[] containerNames,
            PageCompression compression) {
        this.trace = trace;
        this.options = options;
        this.order = order;
        this.containerNames = containerNames;
        this.compression = compression;
    }

    private static String[] names(Trace trace) {
        String[] names = new String[trace.containers().size()];
        for (Container c : trace.containers()) {
            names[c.id()] = DisplayNames.name(c.name());
        }
        return names;
    }

    /** Writes every file into {@code dir} (which must exist), replacing files of the same names. */
    public void write(Path dir) throws IOException {
        write(dir, 1);
    }

    /**
     * The same with {@code threads} files written at once (each walks the store on its own; the
     * largest first) and their pages compressed by {@code threads} more threads (deflate is most of
     * the work, and the states file alone would bound the wall time), the row group bound shared
     * between the files so that memory stays that of one.
     */
    public void write(Path dir, int threads) throws IOException {
        int n = Math.max(1, Math.min(threads, FILES.size()));
        if (n == 1) {
            for (String name : FILES) {
                writeFile(dir, name);
            }
            return;
        }
        ParquetOptions each = options.withRowGroupBytes(Math.max(1 << 20, options.rowGroupBytes() / n));
        try (PageCompression pool = PageCompression.pool(n)) {
            new ParquetExport(trace, each, order, containerNames, pool).writeFiles(dir, n);
        }
    }

    private void writeFiles(Path dir, int n) throws IOException {
        ParquetExport worker = this;
        List<String> largestFirst = List.of("states.parquet", "variables.parquet", "links.parquet", "events.parquet",
                "containers.parquet", "types.parquet", "type_values.parquet");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "paje-parquet");
            t.setDaemon(true);
            return t;
        });
        try {
            List<java.util.concurrent.Future<Void>> done = new ArrayList<>();
            for (String name : largestFirst) {
                done.add(pool.submit(() -> {
                    worker.writeFile(dir, name);
                    return null;
                }));
            }
            for (java.util.concurrent.Future<Void> f : done) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    if (e.getCause() instanceof Error err) {
                        throw err;
                    }
                    throw new IOException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while writing Parquet files");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void writeFile(Path dir, String name) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve(name)), 1 << 16)) {
            write(name, out);
        }
    }

    /** Writes the table of file {@code name} (one of {@link #FILES}) to {@code out}. */
    public void write(String name, OutputStream out) throws IOException {
        try (ParquetWriter w = new ParquetWriter(out, columns(name), options, compression)) {
            rows(name, w);
        }
    }

    /** The columns of the table of file {@code name}, user fields included (docs/parquet.md). */
    public List<Column> columns(String name) {
        return switch (name) {
            case "containers.parquet" -> withUserFields(List.of(Column.integer("id"), Column.nullableInteger("parent"),
                    Column.string("type"), Column.string("name"), Column.string("path"), Column.integer("depth"),
                    Column.number("start"), Column.number("end")), TraceWalk.containerFields(trace));
            case "types.parquet" -> List.of(Column.integer("id"), Column.string("kind"), Column.string("name"),
                    Column.string("alias"), Column.nullableInteger("parent_id"), Column.string("parent"), Column.string("color"),
                    Column.string("start_type"), Column.string("end_type"));
            case "type_values.parquet" -> List.of(Column.integer("type_id"), Column.string("type"), Column.integer("index"),
                    Column.string("name"), Column.string("alias"), Column.string("color"));
            default -> entityColumns(kindOf(name), TraceWalk.userFields(trace, kindOf(name)));
        };
    }

    /** Writes the rows of the table of file {@code name} to {@code w}, in the table's order. */
    public void rows(String name, RowSink w) throws IOException {
        switch (name) {
            case "containers.parquet" -> containers(w);
            case "types.parquet" -> types(w);
            case "type_values.parquet" -> typeValues(w);
            default -> entities(w, kindOf(name), order);
        }
    }

    /** The entity kind of an entity table's file. */
    public static TypeKind kindOf(String name) {
        return switch (name) {
            case "states.parquet" -> TypeKind.STATE;
            case "events.parquet" -> TypeKind.EVENT;
            case "links.parquet" -> TypeKind.LINK;
            case "variables.parquet" -> TypeKind.VARIABLE;
            default -> throw new IllegalArgumentException("not an entity table: " + name);
        };
    }

    /** The standard columns of each entity kind (docs/parquet.md), user fields excluded. */
    public static List<Column> standardColumns(TypeKind kind) {
        List<Column> c = new ArrayList<>(List.of(Column.integer("container_id"), Column.string("container"),
                Column.string("type")));
        switch (kind) {
            case STATE -> c.addAll(List.of(Column.number("start"), Column.number("end"), Column.number("duration"),
                    Column.integer("imbrication"), Column.string("value")));
            case EVENT -> c.addAll(List.of(Column.number("time"), Column.string("value")));
            // no duration: the step segments are (start, end, value); `paje sql`'s view adds it
            case VARIABLE -> c.addAll(List.of(Column.number("start"), Column.number("end"), Column.number("value")));
            case LINK -> c.addAll(List.of(Column.number("start"), Column.number("end"), Column.number("duration"),
                    Column.string("value"), Column.nullableInteger("start_container_id"), Column.string("start_container"),
                    Column.nullableInteger("end_container_id"), Column.string("end_container"), Column.string("key")));
            case CONTAINER -> throw new IllegalArgumentException("containers are not entities");
        }
        return c;
    }

    /**
     * {@code standard} then one string column per user field, named as the field unless that name
     * (in any case: SQL names are case-insensitive) is taken: then "user." + name, then a suffix _2, _3….
     */
    public static List<Column> withUserFields(List<Column> standard, List<String> fields) {
        return withUserFields(standard, fields, null);
    }

    /** An entity table's columns with user fields {@code fields} (variables: `duration`, which paje sql's view adds, taken). */
    public static List<Column> entityColumns(TypeKind kind, List<String> fields) {
        return withUserFields(standardColumns(kind), fields, kind == TypeKind.VARIABLE ? "duration" : null);
    }

    /** The same, {@code reserved} (a column a view adds; may be null) taken too. */
    static List<Column> withUserFields(List<Column> standard, List<String> fields, String reserved) {
        List<Column> out = new ArrayList<>(standard);
        List<String> taken = new ArrayList<>();
        if (reserved != null) {
            taken.add(reserved);
        }
        for (Column c : standard) {
            taken.add(c.name().toLowerCase(Locale.ROOT));
        }
        for (String f : fields) {
            String name = taken.contains(f.toLowerCase(Locale.ROOT)) ? "user." + f : f;
            String base = name;
            for (int k = 2; taken.contains(name.toLowerCase(Locale.ROOT)); k++) {
                name = base + "_" + k;
            }
            taken.add(name.toLowerCase(Locale.ROOT));
            out.add(Column.string(name));
        }
        return out;
    }

    private void containers(RowSink w) throws IOException {
        List<String> fields = TraceWalk.containerFields(trace);
        for (Container c : order) {
            w.integer(c.id());
            if (c.parent() == null) {
                w.nullInteger();
            } else {
                w.integer(c.parent().id());
            }
            w.string(DisplayNames.name(c.type().name())).string(containerNames[c.id()]).string(DisplayNames.path(c))
                    .integer(depth(c)).number(c.start()).number(c.end());
            for (String f : fields) {
                w.string(DisplayNames.name(c.user().get(f)));
            }
            w.endRow();
        }
    }

    private static int depth(Container c) {
        int d = 0;
        for (Container x = c.parent(); x != null; x = x.parent()) {
            d++;
        }
        return d;
    }

    /**
     * Writes the rows of the {@code kind} entities of {@code containers} (in that order), within a
     * container by type then time, with a column per user field of {@link TraceWalk#userFields}.
     */
    public void entities(RowSink w, TypeKind kind, Collection<Container> containers) throws IOException {
        entities(w, kind, containers, TraceWalk.userFields(trace, kind));
    }

    /**
     * The same with a column per field of {@code fields} (those of a larger trace this one is a part of,
     * as the Spark converter's parts are): a row without one of them has null there.
     */
    public void entities(RowSink w, TypeKind kind, Collection<Container> containers, List<String> fields)
            throws IOException {
        List<Type> types = new ArrayList<>();
        for (Type t : trace.types()) {
            if (t.kind() == kind) {
                types.add(t);
            }
        }
        for (Container c : containers) {
            for (Type t : types) {
                EntityTable table = c.table(t);
                if (table != null && table.size() > 0) {
                    rows(w, c, t, table, fields);
                }
            }
        }
    }

    private static String[] valueNames(Type t) {
        List<EntityValue> values = t.values();
        String[] names = new String[values.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = DisplayNames.name(values.get(i).name());
        }
        return names;
    }

    private void rows(RowSink w, Container c, Type t, EntityTable table, List<String> fields) throws IOException {
        String container = containerNames[c.id()];
        String type = DisplayNames.name(t.name());
        String[] values = valueNames(t);
        UserColumns user = table.userOrNull();
        String[] names = fields.toArray(new String[0]); // no iterator per row
        for (int i = 0; i < table.size(); i++) {
            w.integer(c.id()).string(container).string(type);
            if (table instanceof StateTable s) {
                w.number(s.start(i)).number(s.end(i)).number(s.end(i) - s.start(i)).integer(s.level(i))
                        .string(values[s.value(i)]);
            } else if (table instanceof EventTable e) {
                w.number(e.time(i)).string(values[e.value(i)]);
            } else if (table instanceof VariableTable v) {
                w.number(v.start(i)).number(v.end(i)).number(v.value(i));
            } else {
                link(w, (LinkTable) table, i, values);
            }
            for (String f : names) {
                int v = user == null ? -1 : user.get(i, f);
                w.string(v < 0 ? null : DisplayNames.name(trace.name(v)));
            }
            w.endRow();
        }
    }

    private void link(RowSink w, LinkTable l, int i, String[] values) {
        w.number(l.start(i)).number(l.end(i)).number(l.end(i) - l.start(i)).string(values[l.value(i)]);
        end(w, l.from(i));
        end(w, l.to(i));
        w.string(DisplayNames.name(l.key(i)));
    }

    private void end(RowSink w, int container) {
        if (container < 0) {
            w.nullInteger().string(null);
        } else {
            w.integer(container).string(containerNames[container]);
        }
    }

    private void types(RowSink w) throws IOException {
        for (Type t : trace.types()) {
            w.integer(t.id()).string(t.kind().name().toLowerCase(Locale.ROOT)).string(DisplayNames.name(t.name()))
                    .string(DisplayNames.name(t.alias()));
            if (t.parent() == null) {
                w.nullInteger().string(null);
            } else {
                w.integer(t.parent().id()).string(DisplayNames.name(t.parent().name()));
            }
            w.string(DisplayNames.name(t.color()))
                    .string(t.startType() == null ? null : DisplayNames.name(t.startType().name()))
                    .string(t.endType() == null ? null : DisplayNames.name(t.endType().name()));
            w.endRow();
        }
    }

    private void typeValues(RowSink w) throws IOException {
        for (Type t : trace.types()) {
            for (EntityValue v : t.values()) {
                w.integer(t.id()).string(DisplayNames.name(t.name())).integer(v.index())
                        .string(DisplayNames.name(v.name())).string(DisplayNames.name(v.alias()))
                        .string(DisplayNames.name(v.color()));
                w.endRow();
            }
        }
    }
}
