package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One OTF2 file read through a small sliding window: the buffer layer of the format. Chunks (a header
 * with the byte order, records, then END_OF_CHUNK bytes up to the chunk size), fixed and compressed
 * integers in the file's byte order, strings, record lengths. Every fault names the file and byte.
 */
final class Otf2Input implements Closeable {
    static final int END_OF_CHUNK = 0;
    static final int END_OF_BUFFER = 1;
    static final int END_OF_FILE = 2;
    static final int CHUNK_HEADER = 3;
    static final int TIMESTAMP = 5;
    static final int ATTRIBUTE_LIST = 6;
    private static final int LITTLE = 0x42;
    private static final int BIG = 0x23;

    private final Path file;
    private FileChannel channel;
    private final String name;
    private final long size;
    private final long chunkSize;
    private byte[] buf;
    private int pos;
    private int lim;
    private long base;
    private boolean little = true;

    /**
     * @param chunkSize the chunk size of this kind of file (from the anchor), or 0 for the anchor file itself,
     *     whose only header is the byte order
     */
    Otf2Input(Path file, long chunkSize, int window) throws IOException, ImportException {
        this.file = file;
        this.name = file.toString();
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new ImportException(name, -1, "no such file: the archive is incomplete");
        }
        this.size = channel.size();
        this.chunkSize = chunkSize;
        this.buf = new byte[window];
        chunkHeader();
    }

    String name() {
        return name;
    }

    /** Byte offset of the next byte to read. */
    long offset() {
        return base + pos;
    }

    ImportException fault(long at, String message) {
        return new ImportException(name, at, message);
    }

    /** Reads the header that opens the file and each chunk: type, byte order, and for chunks two counters. */
    private void chunkHeader() throws IOException, ImportException {
        long at = offset();
        int type = u8();
        if (type != CHUNK_HEADER) {
            throw fault(at, "expected a chunk header (3), found byte " + type);
        }
        int order = u8();
        if (order != LITTLE && order != BIG) {
            throw fault(at + 1, String.format("expected a byte-order mark (0x42 little or 0x23 big endian), found 0x%02x", order));
        }
        little = order == LITTLE;
        if (chunkSize > 0) {
            need(16);
            pos += 16;
        }
    }

    /**
     * The next record's type, moving over chunk ends; -1 at the end of the data (END_OF_BUFFER, END_OF_FILE,
     * or the end of the file at a chunk boundary).
     */
    int recordType() throws IOException, ImportException {
        while (true) {
            if (pos == lim && !fill(1)) {
                return unmarkedEnd();
            }
            int type = buf[pos++] & 0xff;
            if (type == END_OF_FILE) {
                return -1;
            }
            if (type == END_OF_BUFFER) {
                pos--;
                return unmarkedEnd();
            }
            if (type != END_OF_CHUNK) {
                return type;
            }
            if (chunkSize <= 0) {
                throw fault(offset() - 1, "unexpected end-of-chunk mark in a file without chunks");
            }
            long next = ((offset() - 1) / chunkSize + 1) * chunkSize;
            if (next >= size) {
                seek(size);
                return unmarkedEnd();
            }
            seek(next);
            chunkHeader();
        }
    }

    /** Writers end every file with END_OF_FILE: data ending without it was cut (or its writer died). */
    private int unmarkedEnd() throws ImportException {
        if (strictEnd) {
            throw fault(offset(), "the file ends without its end-of-file mark (truncated?)");
        }
        return -1;
    }

    private boolean strictEnd;

    /** Requires the end-of-file mark (event files: OTF2's writers always write it). */
    Otf2Input strictEnd() {
        strictEnd = true;
        return this;
    }

    private void seek(long to) throws IOException {
        if (to >= base && to <= base + lim) {
            pos = (int) (to - base);
            return;
        }
        base = to;
        pos = 0;
        lim = 0;
    }

    /** Whether at least {@code n} bytes are available, reading more as needed. */
    private boolean fill(int n) throws IOException {
        if (lim - pos >= n) {
            return true;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            base += pos;
            lim -= pos;
            pos = 0;
        }
        if (n > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(n, buf.length * 2));
        }
        ByteBuffer bb = ByteBuffer.wrap(buf, lim, buf.length - lim);
        while (lim < n) {
            int r = channel.read(bb, base + lim);
            if (r < 0) {
                return false;
            }
            lim += r;
        }
        while (bb.hasRemaining()) {
            int r = channel.read(bb, base + lim);
            if (r <= 0) {
                break;
            }
            lim += r;
        }
        return true;
    }

    void need(int n) throws IOException, ImportException {
        if (lim - pos < n && !fill(n)) {
            throw fault(offset(), "the file ends inside a record (truncated?): " + n + " more bytes expected, "
                    + (size - offset()) + " left");
        }
    }

    int u8() throws IOException, ImportException {
        if (pos == lim) {
            need(1);
        }
        return buf[pos++] & 0xff;
    }

    int u16() throws IOException, ImportException {
        return (int) fixed(2);
    }

    /** Every event's timestamp: read as one little-endian word when it is one (OTF2's writers' usual order). */
    long u64full() throws IOException, ImportException {
        if (little && lim - pos >= 8) {
            long v = (long) LITTLE_64.get(buf, pos);
            pos += 8;
            return v;
        }
        return fixed(8);
    }

    private static final java.lang.invoke.VarHandle LITTLE_64 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    int u32full() throws IOException, ImportException {
        return (int) fixed(4);
    }

    double f64() throws IOException, ImportException {
        return Double.longBitsToDouble(fixed(8));
    }

    float f32() throws IOException, ImportException {
        return Float.intBitsToFloat((int) fixed(4));
    }

    private long fixed(int n) throws IOException, ImportException {
        need(n);
        long v = 0;
        if (little) {
            for (int i = n - 1; i >= 0; i--) {
                v = v << 8 | (buf[pos + i] & 0xff);
            }
        } else {
            for (int i = 0; i < n; i++) {
                v = v << 8 | (buf[pos + i] & 0xff);
            }
        }
        pos += n;
        return v;
    }

    /** A compressed unsigned integer: a length byte then that many low bytes; 0xff alone is all ones. */
    long cu64() throws IOException, ImportException {
        if (lim - pos < 9) {
            fill(9);
        }
        if (pos == lim) {
            need(1);
        }
        int n = buf[pos] & 0xff;
        if (n == 0) {
            pos++;
            return 0;
        }
        if (n == 1 && lim - pos >= 2) { // most references and sizes fit in one byte: no loop over bytes
            int v = buf[pos + 1] & 0xff;
            pos += 2;
            return v;
        }
        if (n == 0xff) {
            pos++;
            return -1;
        }
        if (n > 8) {
            throw fault(offset(), "invalid compressed integer: length byte " + n + " (expected 0 to 8 or 0xff)");
        }
        pos++;
        return fixed(n);
    }

    /** A compressed 32-bit unsigned integer (0xffffffff, the undefined reference, as -1). */
    int cu32() throws IOException, ImportException {
        long at = offset();
        long v = cu64();
        if (v != -1 && (v >>> 32) != 0) {
            throw fault(at, "invalid compressed 32-bit integer: " + Long.toUnsignedString(v) + " is too large");
        }
        return (int) v;
    }

    /** A compressed signed 64-bit integer: negative values are written with all their 8 bytes. */
    long ci64() throws IOException, ImportException {
        int n = u8();
        if (n == 0) {
            return 0;
        }
        if (n > 8) {
            throw fault(offset() - 1, "invalid compressed integer: length byte " + n + " (expected 0 to 8)");
        }
        return fixed(n);
    }

    /** A compressed signed 32-bit integer: negative values are written with all their 4 bytes. */
    int ci32() throws IOException, ImportException {
        return (int) ci64();
    }

    String string() throws IOException, ImportException {
        long at = offset();
        int start = pos;
        while (true) {
            for (int i = start; i < lim; i++) {
                if (buf[i] == 0) {
                    String s = new String(buf, pos, i - pos, java.nio.charset.StandardCharsets.UTF_8);
                    pos = i + 1;
                    return s;
                }
            }
            int have = lim - pos;
            if (!fill(have + 1)) {
                throw fault(at, "the file ends inside a string (truncated?)");
            }
            start = pos + have;
        }
    }

    /** The data length of a record: one byte, or 0xff then eight bytes. */
    long recordLength() throws IOException, ImportException {
        int n = u8();
        return n == 0xff ? u64full() : n;
    }

    /**
     * Reads the length of the record {@code what} that starts at {@code at} and returns where it ends;
     * a length past the end of the file is a fault at {@code at} (a truncated file).
     */
    long recordEnd(long at, String what) throws IOException, ImportException {
        return recordEnd(at, what, -1);
    }

    /** As {@link #recordEnd(long, String)} for the record {@code what} and its {@code type} (≥ 0): no text made unless it fails. */
    long recordEnd(long at, String what, int type) throws IOException, ImportException {
        long length = recordLength();
        long end = offset() + length;
        if (end > size) {
            throw fault(at, (type < 0 ? what : what + " " + type) + " announces " + length + " bytes but the file has " + (size - offset())
                    + " left (truncated?)");
        }
        return end;
    }

    /** Receives one definition record: its type, where it starts, and where its data ends. */
    interface DefinitionRecord {
        void read(int type, long at, long end) throws IOException, ImportException;
    }

    /**
     * Reads every definition record of the file, in order: each is handed to {@code record}, which
     * reads what it knows of it; the rest of the record is skipped (a longer one is a fault).
     */
    void definitions(DefinitionRecord record) throws IOException, ImportException {
        while (true) {
            long at = offset();
            int type = recordType();
            if (type < 0) {
                return;
            }
            long end = recordEnd(at, "definition record " + type);
            record.read(type, at, end);
            endRecord(end, "definition " + type);
        }
    }

    void skip(long n) throws IOException, ImportException {
        if (n <= lim - pos) {
            pos += (int) n;
            return;
        }
        long to = offset() + n;
        if (to > size) {
            throw fault(offset(), "the file ends inside a record (truncated?): " + n + " bytes expected, "
                    + (size - offset()) + " left");
        }
        seek(to);
    }

    /** Moves to {@code end}, the announced end of a record, checking it was not overrun. */
    void endRecord(long end, String record) throws IOException, ImportException {
        endRecord(end, record, -1);
    }

    /** As {@link #endRecord(long, String)} for the record {@code record} and its {@code type} (≥ 0). */
    void endRecord(long end, String record, int type) throws IOException, ImportException {
        long at = offset();
        if (at > end) {
            throw fault(end, (type < 0 ? record : record + " " + type) + " record is longer than its announced length (" + (at - end) + " bytes more)");
        }
        skip(end - at);
    }

    long size() {
        return size;
    }

    /**
     * Closes the file and drops the window until {@link #resume}: an archive of thousands of locations
     * keeps neither thousands of files open nor their windows in memory between batches.
     */
    void suspend() throws IOException {
        if (channel != null) {
            base += pos;
            pos = 0;
            lim = 0;
            buf = null;
            channel.close();
            channel = null;
        }
    }

    void resume(int window) throws IOException {
        if (channel == null) {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            buf = new byte[window];
        }
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
