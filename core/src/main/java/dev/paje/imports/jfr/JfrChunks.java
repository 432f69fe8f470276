package dev.paje.imports.jfr;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunks of a JFR recording, from their headers. A chunk is self-contained (its own metadata and
 * constant pools), so the importer sorts one chunk's events at a time; the headers also give the
 * recording's start (time zero) and let a truncated or foreign file fail with its byte offset before
 * the JDK's parser sees it.
 */
final class JfrChunks {
    /** The JFR chunk header: magic, version, size, pool and metadata offsets, start, duration, ticks, features. */
    static final int HEADER = 68;
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};

    /** One chunk: where it lies in the file and when it starts, in the JVM's ticks. */
    record Chunk(int index, long offset, long size, long startTicks, long ticksPerSecond) {
    }

    private JfrChunks() {
    }

    /** Whether {@code head} starts with the JFR magic bytes. */
    static boolean magic(byte[] head) {
        if (head.length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** Every chunk of {@code file}, checked: the magic, a supported version, sizes within the file. */
    static List<Chunk> of(Path file) throws ImportException, IOException {
        String name = file.toString();
        List<Chunk> chunks = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long length = ch.size();
            long offset = 0;
            while (offset < length) {
                ByteBuffer h = ByteBuffer.allocate(HEADER);
                while (h.hasRemaining() && ch.read(h, offset + h.position()) > 0) {
                    // read the whole header (a short read is the file's end)
                }
                byte[] head = h.array();
                if (!magic(head) || h.position() < MAGIC.length) {
                    throw new ImportException(name, offset, "not a JFR recording: expected the chunk magic 'FLR\\0', found "
                            + shown(head, Math.min(h.position(), MAGIC.length)));
                }
                if (h.position() < HEADER) {
                    throw new ImportException(name, offset, "truncated recording: a chunk header is " + HEADER
                            + " bytes, the file ends after " + (length - offset));
                }
                h.flip();
                int major = h.getShort(4) & 0xffff;
                if (major != 1 && major != 2) {
                    throw new ImportException(name, offset + 4, "unsupported JFR version " + major + "."
                            + (h.getShort(6) & 0xffff) + ": expected 1.x or 2.x (JDK 11 and later)");
                }
                long size = h.getLong(8);
                if (size == 0) {
                    throw new ImportException(name, offset + 8, "the chunk is still being written (size 0): stop the "
                            + "recording, or copy it with 'jcmd PID JFR.dump', and import that file");
                }
                if (size < HEADER || size > length - offset) {
                    throw new ImportException(name, offset + 8, "truncated recording: the chunk's header says "
                            + size + " bytes, the file has " + (length - offset) + " from the chunk's start");
                }
                long ticksPerSecond = h.getLong(56);
                if (ticksPerSecond <= 0) {
                    throw new ImportException(name, offset + 56, "damaged chunk header: expected a positive tick "
                            + "frequency, found " + ticksPerSecond);
                }
                chunks.add(new Chunk(chunks.size(), offset, size, h.getLong(48), ticksPerSecond));
                offset += size;
            }
        }
        if (chunks.isEmpty()) {
            throw new ImportException(name, 0, "not a JFR recording: the file is empty");
        }
        return chunks;
    }

    /** The chunk as a recording of its own: the file itself when it is the only chunk, else a temporary copy. */
    static Path open(Path file, List<Chunk> chunks, Chunk chunk) throws IOException {
        if (chunks.size() == 1) {
            return file;
        }
        Path copy = Files.createTempFile("paje-jfr-chunk", ".jfr");
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ);
                FileChannel out = FileChannel.open(copy, StandardOpenOption.WRITE)) {
            long done = 0;
            while (done < chunk.size()) {
                long n = in.transferTo(chunk.offset() + done, chunk.size() - done, out);
                if (n <= 0) {
                    throw new IOException("cannot copy the chunk at byte " + chunk.offset() + " of " + file);
                }
                done += n;
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
        return copy;
    }

    /** Removes what {@link #open} made. */
    static void close(Path file, Path opened) throws IOException {
        if (!opened.equals(file)) {
            Files.deleteIfExists(opened);
        }
    }

    private static String shown(byte[] b, int n) {
        if (n == 0) {
            return "nothing";
        }
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < n; i++) {
            int c = b[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return sb.append('\'').toString();
    }
}
