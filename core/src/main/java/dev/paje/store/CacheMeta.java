package dev.paje.store;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Encodes and decodes the metadata of a {@link TraceCache}: names, types, containers, tables. */
final class CacheMeta {
    private static final int STATES = 1;
    private static final int EVENTS = 2;
    private static final int VARIABLES = 3;
    private static final int LINKS = 4;

    private CacheMeta() {
    }

    static byte[] encode(Trace trace, String key, long lines, long events, TraceCache.Layout layout)
            throws IOException {
        TraceCache.Bytes bytes = new TraceCache.Bytes();
        DataOutputStream out = bytes.data();
        out.writeUTF(key);
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
                table(out, c.table(t), layout);
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static void table(DataOutputStream out, EntityTable table, TraceCache.Layout layout) throws IOException {
        out.writeByte(table instanceof StateTable ? STATES : table instanceof EventTable ? EVENTS
                : table instanceof VariableTable ? VARIABLES : LINKS);
        out.writeInt(table.size());
        out.writeLong(layout.place(table.rows));
        user(out, table.userOrNull(), table.size());
    }

    private static void user(DataOutputStream out, UserColumns user, int rows) throws IOException {
        if (user == null) {
            out.writeInt(0);
            return;
        }
        out.writeInt(user.names().size());
        for (String name : user.names()) {
            text(out, name);
            int n = Math.min(rows, user.rows(name));
            out.writeInt(n);
            for (int r = 0; r < n; r++) {
                out.writeInt(user.get(r, name));
            }
        }
    }

    private static void text(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeBoolean(false);
        } else {
            out.writeBoolean(true);
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }
    }

    private static String text(DataInputStream in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    static Trace decode(DataInputStream in, TraceCache.Windows data) throws IOException {
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
                c.putTable(t, table(in, data));
            }
            containers.add(c);
        }
        return new Trace(names, types, containers, start, end);
    }

    private static EntityTable table(DataInputStream in, TraceCache.Windows data) throws IOException {
        int kind = in.readByte();
        int size = in.readInt();
        long offset = in.readLong();
        int stride = switch (kind) {
            case STATES, VARIABLES -> 3;
            case EVENTS -> 2;
            case LINKS -> 4;
            default -> throw new IOException("corrupt cache: table kind " + kind);
        };
        Rows rows = Rows.of(stride, data.slice(offset, (long) size * stride * 8), size);
        EntityTable table = switch (kind) {
            case STATES -> new StateTable(rows);
            case VARIABLES -> new VariableTable(rows);
            case EVENTS -> new EventTable(rows);
            default -> new LinkTable(rows);
        };
        table.user(user(in));
        return table;
    }

    private static UserColumns user(DataInputStream in) throws IOException {
        int names = in.readInt();
        if (names == 0) {
            return null;
        }
        UserColumns user = new UserColumns();
        for (int k = 0; k < names; k++) {
            String name = text(in);
            int n = in.readInt();
            for (int r = 0; r < n; r++) {
                int v = in.readInt();
                if (v >= 0) {
                    user.set(r, name, v);
                }
            }
        }
        return user;
    }
}
