package dev.paje.read;

import dev.paje.store.Names;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The tokenizer alone on one thread, as the reader runs it (recycled batches, grouped by container):
 * tokenizes a trace file's 4 MB chunks PASSES times and prints each pass's CPU seconds of this thread (the
 * figure to compare on a shared machine) and, for the first pass, a checksum of every batch's records
 * and names: two builds that tokenize alike print the same checksum.
 *
 * <p>Usage: {@code java -XX:+UseParallelGC -cp bench/target/benchmarks.jar dev.paje.read.TokenizerCpu FILE PASSES}
 */
public class TokenizerCpu {
    public static void main(String[] a) throws Exception {
        Path file = Path.of(a[0]);
        int passes = Integer.parseInt(a[1]);
        byte[][] chunks;
        int[] lengths;
        Header header;
        long size;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            size = ch.size();
            byte[] head = new byte[(int) Math.min(size, ReadOptions.DEFAULT_CHUNK)];
            TraceReader.readFully(ch, ByteBuffer.wrap(head), 0);
            header = Header.prefix(head, head.length, false);
            long[] b = Chunks.bounds(ch, size, Integer.getInteger("chunk", ReadOptions.DEFAULT_CHUNK));
            chunks = new byte[b.length - 1][];
            lengths = new int[chunks.length];
            for (int k = 0; k < chunks.length; k++) {
                int n = (int) (b[k + 1] - b[k]);
                chunks[k] = new byte[n + ChunkTokenizer.PAD]; // room for the tokenizer's newlines, as the reader's chunks
                TraceReader.readFully(ch, ByteBuffer.wrap(chunks[k], 0, n), b[k]);
                lengths[k] = n;
            }
        }
        var mx = ManagementFactory.getThreadMXBean();
        if (Boolean.getBoolean("read")) { // each chunk read from the file as the reader reads it, then tokenized
            readAndTokenize(file, header, passes, mx);
            return;
        }
        for (int p = 0; p < passes; p++) {
            ChunkTokenizer t = new ChunkTokenizer(new NameMaps(new Names()), !Boolean.getBoolean("nogroup"));
            Batch batch = new Batch(chunks[0], lengths[0], 1);
            long sum = 0;
            long cpu = mx.getCurrentThreadCpuTime();
            for (int k = 0; k < chunks.length; k++) {
                batch.reset(chunks[k], lengths[k]);
                Batch b = t.tokenize(batch, header);
                if (p == 0) sum = sum * 31 + checksum(b);
            }
            double s = (mx.getCurrentThreadCpuTime() - cpu) / 1e9;
            System.out.printf("pass %d: %.3f cpu-s  %.1f MB/s cpu%s%n", p, s, size / 1e6 / s, p == 0 ? "  checksum " + Long.toHexString(sum) : "");
        }
    }

    private static void readAndTokenize(Path file, Header header, int passes, java.lang.management.ThreadMXBean mx)
            throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long[] b = Chunks.bounds(ch, size, Integer.getInteger("chunk", ReadOptions.DEFAULT_CHUNK));
            BatchPool pool = new BatchPool();
            for (int p = 0; p < passes; p++) {
                ChunkTokenizer t = new ChunkTokenizer(new NameMaps(new Names()), !Boolean.getBoolean("nogroup"));
                long sum = 0;
                long cpu = mx.getCurrentThreadCpuTime();
                for (int k = 0; k + 1 < b.length; k++) {
                    Batch batch = t.tokenize(TraceReader.read(ch, b[k], b[k + 1], pool), header);
                    if (p == 0) sum = sum * 31 + checksum(batch);
                    pool.give(batch);
                }
                double s = (mx.getCurrentThreadCpuTime() - cpu) / 1e9;
                System.out.printf("pass %d: %.3f cpu-s  %.1f MB/s cpu%s%n", p, s, size / 1e6 / s, p == 0 ? "  checksum " + Long.toHexString(sum) : "");
            }
        }
    }

    static long checksum(Batch b) {
        long h = b.size * 31L + b.lines;
        for (int i = 0; i < b.size; i++) {
            EventDefinition d = b.def[i];
            h = h * 1000003 + (d == null ? 0 : d.fieldCount() * 7 + d.kind().ordinal());
            h = h * 31 + b.offset[i];
            h = h * 31 + b.line[i];
            if (d == null) continue;
            h = h * 31 + Double.doubleToRawLongBits(b.time[i]);
            h = h * 31 + Double.doubleToRawLongBits(b.number[i]);
            h = h * 31 + b.type[i];
            h = h * 31 + b.container[i];
            h = h * 31 + b.value[i];
            h = h * 31 + b.other(i);
            h = h * 31 + b.key(i);
            if (b.key(i) >= 0) h = h * 31 + b.keyEnd[i];
            h = h * 31 + b.user0(i);
            h = h * 31 + b.user1(i);
        }
        var v = b.names;
        for (int i = 0; i < v.size(); i++) h = h * 31 + v.offsets()[i + 1];
        return h;
    }
}
