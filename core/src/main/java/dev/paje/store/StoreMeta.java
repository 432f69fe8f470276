package dev.paje.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The metadata section of a {@link StoreFile}: the source's identity, names, types, containers
 * and, per table, its row count and the slot and checksum of each page of its block index
 * ({@link BlockIndex}: the slot and checksum of each block); per state,
 * variable and event table, its summary ({@link Pyramid}: origin, end, and per level the width,
 * its buckets and, but for events, its long list); per container, its {@link AggregateSummary}s (type, origin,
 * end, per level the width and rows).
 */
public final class StoreMeta {
    private static final int STATES = 1;
    private static final int EVENTS = 2;
    private static final int VARIABLES = 3;
    private static final int LINKS = 4;

    private StoreMeta() {
    }

    /** A trace opened from a store file, with the line and event counts of its original read. */
    public record Opened(Trace trace, long lines, long events) {
    }

    /** Why a store file cannot be used; {@code damaged} false for a store of another source or version. */
    public static final class Rejected extends Exception {
        private final boolean damaged;

        Rejected(String message, boolean damaged) {
            super(message);
            this.damaged = damaged;
        }

        public boolean damaged() {
            return damaged;
        }
    }

    /** What a store file says about itself, for {@code paje cache info}. */
    public record Info(String key, long lines, long events, long bytes) {
    }

    static final class Encoder {
        private final Trace trace;
        private final KeyLog keys;
        private final String key;
        private final long lines;
        private final long events;

        Encoder(Trace trace, KeyLog keys, String key, long lines, long events) {
            this.trace = trace;
            this.keys = keys;
            this.key = key;
            this.lines = lines;
            this.events = events;
        }

        byte[] encode() throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            text(out, key);
            out.writeLong(lines);
            out.writeLong(events);
            out.writeDouble(trace.start());
            out.writeDouble(trace.end());
            Names.View names = trace.names().all();
            out.writeInt(names.size());
            for (int i = 0; i <= names.size(); i++) {
                out.writeInt(names.offsets()[i]);
            }
            out.write(names.arena(), 0, names.offsets()[names.size()]);
            out.writeLong(keys.length());
            rows(out, keys.rows);
            out.writeInt(trace.types().size());
            for (Type t : trace.types()) {
                out.writeByte(t.kind().ordinal());
                text(out, t.name());
                text(out, t.alias());
                out.writeInt(t.parent() == null ? -1 : t.parent().id());
                text(out, t.color());
                out.writeInt(t.startType() == null ? -1 : t.startType().id());
                out.writeInt(t.endType() == null ? -1 : t.endType().id());
                out.writeInt(t.values().size());
                for (EntityValue v : t.values()) {
                    text(out, v.name());
                    text(out, v.alias());
                    text(out, v.color());
                }
            }
            out.writeInt(trace.containers().size());
            for (Container c : trace.containers()) {
                text(out, c.name());
                text(out, c.alias());
                out.writeInt(c.type().id());
                out.writeInt(c.parent() == null ? -1 : c.parent().id());
                out.writeDouble(c.start());
                out.writeDouble(c.end());
                out.writeInt(c.user().size());
                for (Map.Entry<String, String> e : c.user().entrySet()) {
                    text(out, e.getKey());
                    text(out, e.getValue());
                }
                List<Type> held = new ArrayList<>();
                for (Type t : trace.types()) {
                    if (c.table(t) != null) {
                        held.add(t);
                    }
                }
                out.writeInt(held.size());
                for (Type t : held) {
                    out.writeInt(t.id());
                    table(out, c.table(t));
                }
                aggregates(out, c);
            }
            out.flush();
            return bytes.toByteArray();
        }
    }

    private static void table(DataOutputStream out, EntityTable table) throws IOException {
        out.writeByte(table instanceof StateTable ? STATES : table instanceof EventTable ? EVENTS
                : table instanceof VariableTable ? VARIABLES : LINKS);
        rows(out, table.rows);
        if (table instanceof LinkTable l) {
            rows(out, l.keyRefs);
            out.writeInt(l.completeCount());
            out.writeDouble(l.maxDuration());
        }
        UserColumns user = table.userOrNull();
        if (user == null) {
            out.writeInt(0);
        } else {
            out.writeInt(user.columns().size());
            for (Map.Entry<String, Rows> e : user.columns().entrySet()) {
                text(out, e.getKey());
                rows(out, e.getValue());
            }
        }
        if (!(table instanceof LinkTable)) {
            summary(out, table.pyramid);
        }
    }

    /** A container's aggregates: their count, then each one's type, origin, end and per level width and rows. */
    private static void aggregates(DataOutputStream out, Container c) throws IOException {
        AggregateSummary[] all = c.aggregates();
        int n = 0;
        for (AggregateSummary a : all) {
            n += a == null ? 0 : 1;
        }
        out.writeInt(n);
        for (int t = 0; t < all.length; t++) {
            AggregateSummary a = all[t];
            if (a != null) {
                out.writeInt(t);
                out.writeDouble(a.origin());
                out.writeDouble(a.traceEnd());
                out.writeInt(a.levels());
                for (int k = 0; k < a.levels(); k++) {
                    out.writeDouble(a.width(k));
                    rows(out, a.levels[k]);
                }
            }
        }
    }

    /** The aggregates {@link #aggregates(DataOutputStream, Container)} wrote, given to {@code c}. */
    private static void aggregates(DataInputStream in, StoreFile file, Container c, List<Type> types) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > types.size()) {
            throw new IOException(n + " aggregates");
        }
        for (int i = 0; i < n; i++) {
            int id = in.readInt();
            if (id < 0 || id >= types.size()) {
                throw new IOException("aggregate of type " + id);
            }
            Type t = types.get(id);
            double origin = in.readDouble();
            double end = in.readDouble();
            int levels = in.readInt();
            if (levels < 1 || levels > 64 || (t.kind() != TypeKind.STATE && t.kind() != TypeKind.VARIABLE)) {
                throw new IOException(levels + " aggregate levels of a " + t.kind());
            }
            double[] widths = new double[levels];
            Rows[] rows = new Rows[levels];
            for (int k = 0; k < levels; k++) {
                widths[k] = in.readDouble();
                rows[k] = rows(in, file);
                if (!(widths[k] > 0) || rows[k].stride() != AggregateSummary.stride(t.kind())) {
                    throw new IOException("aggregate level " + k);
                }
            }
            c.putAggregate(t, new AggregateSummary(t.kind(), origin, end, widths, rows));
        }
    }

    /** A table's summary: its level count (0: none), then origin, end and per level width, buckets and long list. */
    private static void summary(DataOutputStream out, Pyramid p) throws IOException {
        out.writeInt(p == null ? 0 : p.levels());
        if (p != null) {
            out.writeDouble(p.origin());
            out.writeDouble(p.traceEnd());
            for (int k = 0; k < p.levels(); k++) {
                out.writeDouble(p.width(k));
                rows(out, p.buckets[k]);
                if (p.longs != null) {
                    rows(out, p.longs[k]);
                }
            }
        }
    }

    private static void rows(DataOutputStream out, Rows rows) throws IOException {
        if (!rows.onDisk()) {
            throw new IllegalStateException("a table on the heap cannot be stored");
        }
        int pages = rows.pageCount();
        out.writeByte(rows.stride());
        out.writeInt(rows.size());
        for (int p = 0; p < pages; p++) {
            out.writeLong(rows.pageSlots[p]);
            out.writeInt(rows.pageCrcs[p]);
        }
    }

    private static void text(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeBoolean(false);
        } else {
            out.writeBoolean(true);
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }
    }

    private static String text(DataInputStream in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("text of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    // ---- reading

    /** The metadata bytes of a store file, after checking the header and the checksum. */
    private static byte[] metadata(StoreFile file) throws IOException, Rejected {
        var ch = file.channel();
        long size = ch.size();
        ByteBuffer head = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        while (head.hasRemaining() && ch.read(head, head.position()) > 0) {
            // read the header
        }
        head.flip();
        if (head.limit() < 40) {
            throw new Rejected("shorter than a store header (truncated)", true);
        }
        long magic = head.getLong();
        int version = head.getInt();
        head.getInt();
        long metaAt = head.getLong();
        long metaLength = head.getLong();
        int metaCrc = head.getInt();
        int at = head.position();
        int headCrc = head.getInt();
        if (magic != StoreFile.MAGIC) {
            throw new Rejected(magic == 0 ? "no header (written only in part)" : "not a paje store", true);
        }
        if (crc(head.array(), 0, at) != headCrc) {
            throw new Rejected("its header does not match its checksum", true);
        }
        if (version != StoreFile.VERSION) {
            throw new Rejected("store format " + version + ", this paje writes " + StoreFile.VERSION, false);
        }
        if (metaAt < StoreFile.HEADER || metaLength > Integer.MAX_VALUE || metaAt + metaLength != size) {
            throw new Rejected("its size is " + size + " bytes, its header says " + (metaAt + metaLength)
                    + " (truncated or extended)", true);
        }
        ByteBuffer meta = ByteBuffer.allocate((int) metaLength);
        while (meta.hasRemaining()) {
            if (ch.read(meta, metaAt + meta.position()) < 0) {
                throw new Rejected("truncated metadata", true);
            }
        }
        if (crc(meta.array(), 0, meta.capacity()) != metaCrc) {
            throw new Rejected("its metadata does not match its checksum", true);
        }
        return meta.array();
    }

    private static int crc(byte[] b, int from, int to) {
        CRC32C c = new CRC32C();
        c.update(b, from, to - from);
        return (int) c.getValue();
    }

    /** The identity and counts a store file records, or a reason it cannot be read. */
    public static Info info(Path path) throws IOException, Rejected {
        try (StoreFile file = StoreFile.openSealed(path, BlockIndex.defaultBudget())) {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(metadata(file)));
            return new Info(text(in), in.readLong(), in.readLong(), file.channel().size());
        }
    }

    /**
     * Opens the store at {@code path} when it is complete, undamaged and made from the source
     * {@code key} names. With {@code verify}, every block is checked against its checksum first.
     */
    public static Opened open(Path path, String key, boolean verify) throws IOException, Rejected {
        return open(path, key, verify, BlockIndex.defaultBudget());
    }

    /** {@link #open(Path, String, boolean)} with the block index given {@code indexBudget} bytes (tests: few). */
    static Opened open(Path path, String key, boolean verify, long indexBudget) throws IOException, Rejected {
        StoreFile file = StoreFile.openSealed(path, indexBudget);
        boolean ok = false;
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(metadata(file)));
            String stored = text(in);
            if (!key.equals(stored)) {
                throw new Rejected("made from another version of the trace or with other options", false);
            }
            Opened opened;
            try {
                opened = decode(in, file);
            } catch (IOException | RuntimeException e) {
                throw new Rejected("its metadata cannot be decoded (" + e.getMessage() + ")", true);
            }
            if (verify) {
                try {
                    verifyAll(opened.trace(), file);
                } catch (StoreDamagedException e) {
                    throw new Rejected(e.getMessage(), true);
                }
            }
            ok = true;
            return opened;
        } finally {
            if (!ok) {
                file.close();
            }
        }
    }

    private static void verifyAll(Trace trace, StoreFile file) throws IOException {
        file.verify(trace.keyLog().rows);
        for (Container c : trace.containers()) {
            for (AggregateSummary a : c.aggregates()) {
                for (int k = 0; a != null && k < a.levels(); k++) {
                    file.verify(a.levels[k]);
                }
            }
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table == null) {
                    continue;
                }
                file.verify(table.rows);
                if (table instanceof LinkTable l) {
                    file.verify(l.keyRefs);
                }
                if (table.pyramid != null) {
                    for (int k = 0; k < table.pyramid.levels(); k++) {
                        file.verify(table.pyramid.buckets[k]);
                        if (table.pyramid.longs != null) {
                            file.verify(table.pyramid.longs[k]);
                        }
                    }
                }
                if (table.userOrNull() != null) {
                    for (Rows r : table.userOrNull().columns().values()) {
                        file.verify(r);
                    }
                }
            }
        }
    }

    private static Opened decode(DataInputStream in, StoreFile file) throws IOException {
        long lines = in.readLong();
        long events = in.readLong();
        double start = in.readDouble();
        double end = in.readDouble();
        int nameCount = in.readInt();
        int[] offsets = new int[nameCount + 1];
        for (int i = 0; i <= nameCount; i++) {
            offsets[i] = in.readInt();
        }
        byte[] arena = new byte[offsets[nameCount]];
        in.readFully(arena);
        Names names = Names.frozen(arena, offsets, nameCount);
        long keyLength = in.readLong();
        KeyLog keys = new KeyLog(rows(in, file), keyLength);
        int typeCount = in.readInt();
        List<Type> types = new ArrayList<>(typeCount);
        for (int i = 0; i < typeCount; i++) {
            TypeKind kind = TypeKind.values()[in.readByte()];
            String name = text(in);
            String alias = text(in);
            int parent = in.readInt();
            String color = text(in);
            int startType = in.readInt();
            int endType = in.readInt();
            Type t = new Type(i, kind, name, alias, parent < 0 ? null : types.get(parent), color,
                    startType < 0 ? null : types.get(startType), endType < 0 ? null : types.get(endType));
            int values = in.readInt();
            for (int v = 0; v < values; v++) {
                t.restoreValue(text(in), text(in), text(in));
            }
            types.add(t);
        }
        int containerCount = in.readInt();
        List<Container> containers = new ArrayList<>(containerCount);
        for (int i = 0; i < containerCount; i++) {
            String name = text(in);
            String alias = text(in);
            Type type = types.get(in.readInt());
            int parent = in.readInt();
            Container c = new Container(i, name, alias, type, parent < 0 ? null : containers.get(parent), in.readDouble());
            c.close(in.readDouble());
            int users = in.readInt();
            for (int u = 0; u < users; u++) {
                c.setUser(text(in), text(in));
            }
            int tables = in.readInt();
            for (int k = 0; k < tables; k++) {
                Type t = types.get(in.readInt());
                c.putTable(t, table(in, file, keys));
            }
            aggregates(in, file, c, types);
            containers.add(c);
        }
        Trace trace = new Trace(names, types, containers, start, end, file, keys);
        return new Opened(trace, lines, events);
    }

    private static EntityTable table(DataInputStream in, StoreFile file, KeyLog keys) throws IOException {
        int kind = in.readByte();
        Rows rows = rows(in, file);
        EntityTable table = switch (kind) {
            case STATES -> new StateTable(rows);
            case VARIABLES -> new VariableTable(rows);
            case EVENTS -> new EventTable(rows);
            case LINKS -> {
                LinkTable l = new LinkTable(rows, keys, rows(in, file));
                l.restoreBounds(in.readInt(), in.readDouble());
                yield l;
            }
            default -> throw new IOException("table kind " + kind);
        };
        int names = in.readInt();
        if (names > 0) {
            UserColumns user = new UserColumns(file);
            for (int k = 0; k < names; k++) {
                user.put(text(in), rows(in, file));
            }
            table.user(user);
        }
        Pyramid.Kind summaries = Pyramid.Kind.of(table);
        if (summaries != null) {
            Pyramid.Levels l = summary(in, file, summaries.bucketStride(), summaries.longStride());
            table.pyramid = l == null ? null : summaries.summary(l);
        }
        return table;
    }

    /** A summary as {@link #summary(DataOutputStream, Pyramid)} wrote it (long stride 0: no long lists), or null. */
    private static Pyramid.Levels summary(DataInputStream in, StoreFile file, int bucketStride, int longStride)
            throws IOException {
        int levels = in.readInt();
        if (levels < 0 || levels > 64) {
            throw new IOException(levels + " summary levels");
        }
        if (levels == 0) {
            return null;
        }
        double origin = in.readDouble();
        double end = in.readDouble();
        double[] widths = new double[levels];
        Rows[] buckets = new Rows[levels];
        Rows[] longs = longStride == 0 ? null : new Rows[levels];
        for (int k = 0; k < levels; k++) {
            widths[k] = in.readDouble();
            buckets[k] = rows(in, file);
            if (longs != null) {
                longs[k] = rows(in, file);
            }
            if (!(widths[k] > 0) || buckets[k].stride() != bucketStride
                    || (longs != null && longs[k].stride() != longStride)) {
                throw new IOException("summary level " + k);
            }
        }
        return new Pyramid.Levels(origin, end, widths, buckets, longs);
    }

    private static Rows rows(DataInputStream in, StoreFile file) throws IOException {
        int stride = in.readByte();
        int size = in.readInt();
        if (stride < 1 || stride > Rows.MAX_STRIDE || size < 0) {
            throw new IOException("rows of stride " + stride + " and size " + size);
        }
        int blocks = (size + Rows.BLOCK_ROWS - 1) >>> Rows.BLOCK_SHIFT;
        int pages = (blocks + BlockIndex.PAGE - 1) >>> BlockIndex.PAGE_SHIFT;
        if (pages * 12L > in.available()) {
            throw new IOException(pages + " index pages");
        }
        long[] slots = new long[pages];
        int[] crcs = new int[pages];
        for (int p = 0; p < pages; p++) {
            slots[p] = in.readLong();
            crcs[p] = in.readInt();
            if (slots[p] < StoreFile.HEADER) {
                throw new IOException("index page at offset " + slots[p]);
            }
        }
        return new Rows(stride, file, size, slots, crcs);
    }
}
