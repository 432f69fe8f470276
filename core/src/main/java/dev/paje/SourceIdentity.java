package dev.paje;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * What a cache must match of its source file: path, size, modification time, and a checksum of
 * sampled content (the first and last 64 KB and 16 blocks of 4 KB spread between), so that a file
 * replaced by another of the same size and time is not taken for the one that was cached. Where
 * the file system tells, the inode and the change time (which no tool sets back) are part of it too.
 */
final class SourceIdentity {
    private static final int EDGE = 64 << 10;
    private static final int SAMPLE = 4 << 10;
    private static final int SAMPLES = 16;

    private SourceIdentity() {
    }

    static String of(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            CRC32C crc = new CRC32C();
            ByteBuffer buf = ByteBuffer.allocate(EDGE);
            sample(ch, 0, EDGE, buf, crc);
            for (int i = 1; i <= SAMPLES; i++) {
                sample(ch, size * i / (SAMPLES + 1), SAMPLE, buf, crc);
            }
            sample(ch, Math.max(0, size - EDGE), EDGE, buf, crc);
            return absolute + "|" + size + "|" + Files.getLastModifiedTime(file).toMillis() + "|"
                    + Long.toHexString(crc.getValue()) + unix(file);
        }
    }

    private static String unix(Path file) {
        try {
            return "|" + Files.getAttribute(file, "unix:ino") + "|" + Files.getAttribute(file, "unix:ctime");
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            return "";
        }
    }

    private static void sample(FileChannel ch, long at, int length, ByteBuffer buf, CRC32C crc) throws IOException {
        buf.clear().limit(length);
        long pos = at;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, pos);
            if (n < 0) {
                break;
            }
            pos += n;
        }
        buf.flip();
        crc.update(buf);
    }
}
