package dev.paje.store;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A loaded trace saved in binary: metadata (names, types, containers) read eagerly, entity columns
 * memory-mapped on reopen, so reopening is instant and traces larger than the heap can be opened.
 * A cache whose key differs (trace size or time changed, other options, other format) is ignored.
 */
public final class TraceCache {
    private static final int MAGIC = 0x504a4331; // "PJC1"
    private static final int VERSION = 2;
    /** Columns never straddle a window, so that each maps within one buffer (at most 2 GB). */
    private static final long WINDOW = 1L << 30;

    private TraceCache() {
    }

    /** Writes {@code trace} to {@code file} (atomically, through a temporary file). */
    public static void write(Trace trace, Path file, String key, long lines, long events) throws IOException {
        Layout layout = new Layout();
        byte[] meta = CacheMeta.encode(trace, key, lines, events, layout);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer head = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            head.putInt(MAGIC).putInt(VERSION).putLong(meta.length).putLong(0);
            head.flip();
            out.write(head, 0);
            out.write(ByteBuffer.wrap(meta), 24);
            long dataStart = align(24 + meta.length, 4096);
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            for (Layout.Column c : layout.columns) {
                long pos = dataStart + c.offset;
                int done = 0;
                while (done < c.count) {
                    buf.clear();
                    int n = Math.min(c.count - done, buf.capacity() / c.width);
                    c.write(buf, done, n);
                    buf.flip();
                    while (buf.hasRemaining()) {
                        pos += out.write(buf, pos);
                    }
                    done += n;
                }
            }
            head.clear();
            head.putInt(MAGIC).putInt(VERSION).putLong(meta.length).putLong(dataStart);
            head.flip();
            out.write(head, 0); // a complete file says where its data starts
            out.force(false);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A trace opened from a cache, with the line and event counts of its original read. */
    public record Cached(Trace trace, long lines, long events) {
    }

    /** Opens the cache at {@code file} if it exists and matches {@code key}; null otherwise. */
    public static Cached read(Path file, String key) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            if (in.read(head, 0) != 24) {
                return null;
            }
            head.flip();
            if (head.getInt() != MAGIC || head.getInt() != VERSION) {
                return null;
            }
            long metaLength = head.getLong();
            long dataStart = head.getLong();
            if (dataStart == 0 || metaLength > Integer.MAX_VALUE) {
                return null; // written only in part
            }
            ByteBuffer meta = ByteBuffer.allocate((int) metaLength);
            while (meta.hasRemaining() && in.read(meta, 24 + meta.position()) > 0) {
                // read all
            }
            DataInputStream data = new DataInputStream(new java.io.ByteArrayInputStream(meta.array()));
            if (!data.readUTF().equals(key)) {
                return null;
            }
            long lines = data.readLong();
            long events = data.readLong();
            Windows windows = new Windows(in, dataStart, in.size() - dataStart);
            return new Cached(CacheMeta.decode(data, windows), lines, events);
        }
    }

    static long align(long x, long to) {
        return (x + to - 1) / to * to;
    }

    /** Where each column goes in the data section, in order. */
    static final class Layout {
        final List<Column> columns = new ArrayList<>();
        long size;

        long place(Rows rows) {
            int count = rows.size();
            int width = rows.width();
            long bytes = (long) count * width;
            if (size / WINDOW != (size + bytes - 1) / WINDOW && bytes > 0) {
                size = align(size, WINDOW); // do not straddle a window
            }
            long at = size;
            columns.add(new Column(rows, count, width, at));
            size = align(size + bytes, 8);
            return at;
        }

        record Column(Rows rows, int count, int width, long offset) {
            void write(ByteBuffer out, int from, int n) {
                rows.writeTo(out, from, n);
            }
        }
    }

    /** The data section, mapped lazily in windows of {@link #WINDOW} bytes. */
    static final class Windows {
        private final FileChannel channel;
        private final long start;
        private final long length;
        private final MappedByteBuffer[] maps;

        Windows(FileChannel channel, long start, long length) throws IOException {
            this.channel = channel;
            this.start = start;
            this.length = length;
            int n = (int) ((length + WINDOW - 1) / WINDOW);
            this.maps = new MappedByteBuffer[n];
            for (int i = 0; i < n; i++) {
                long from = i * WINDOW;
                maps[i] = channel.map(FileChannel.MapMode.READ_ONLY, start + from, Math.min(WINDOW, length - from));
            }
        }

        /** {@code bytes} bytes at {@code offset} of the data section. */
        ByteBuffer slice(long offset, long bytes) {
            if (bytes == 0) {
                return ByteBuffer.allocate(0);
            }
            int w = (int) (offset / WINDOW);
            return maps[w].slice((int) (offset - w * WINDOW), (int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        }
    }

    /** Bytes of a byte-array stream without copying, for metadata. */
    static final class Bytes extends ByteArrayOutputStream {
        DataOutputStream data() {
            return new DataOutputStream(this);
        }
    }
}
