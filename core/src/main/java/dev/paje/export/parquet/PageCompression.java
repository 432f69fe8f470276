package dev.paje.export.parquet;

import dev.paje.store.Workers;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Where pages are compressed: on the writing thread, or by a pool shared by the writers of an export
 * (deflate is most of the export's CPU; with one file per thread the largest file alone would bound
 * the wall time). A full queue makes the writer compress its page itself, which bounds the pages in
 * flight. Pages are compressed alone, so the files are the same whichever thread did it.
 */
public final class PageCompression implements AutoCloseable {
    /** A compressed page: Parquet's page header then the page. */
    record Page(byte[] bytes, int length, long uncompressed) {
    }

    private final ThreadPoolExecutor pool;
    private final ConcurrentLinkedQueue<Compressor> idle = new ConcurrentLinkedQueue<>();

    private PageCompression(int threads) {
        if (threads < 1) {
            pool = null;
            return;
        }
        pool = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.SECONDS, new ArrayBlockingQueue<>(2 * threads), r -> {
            Thread t = new Thread(r, "paje-parquet-deflate");
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.CallerRunsPolicy());
    }

    /** Pages compressed by the thread that writes them. */
    static PageCompression inline() {
        return new PageCompression(0);
    }

    /** Pages compressed by {@code threads} threads (and by writers when those are all busy). */
    public static PageCompression pool(int threads) {
        return new PageCompression(Math.max(1, threads));
    }

    /** Compresses {@code raw} (segments ending at {@code ends}, as {@link Compressor#compress}) with the header {@code header} builds. */
    Future<Page> submit(Codec codec, PageCodec external, byte[] raw, int[] ends, PageHeader header) {
        FutureTask<Page> task = new FutureTask<>(() -> compress(codec, external, raw, ends, header));
        if (pool == null) {
            task.run();
        } else {
            pool.execute(task);
        }
        return task;
    }

    /** The dictionary page, compressed on this thread (one per chunk, small). */
    Page now(Codec codec, PageCodec external, byte[] raw, PageHeader header) {
        return compress(codec, external, raw, new int[] {raw.length}, header);
    }

    private Page compress(Codec codec, PageCodec external, byte[] raw, int[] ends, PageHeader header) {
        Compressor c = codec == Codec.GZIP ? idle.poll() : null;
        if (c == null && codec == Codec.GZIP) {
            c = new Compressor(codec);
        }
        try {
            ByteSink in = ByteSink.wrap(raw, raw.length);
            ByteSink packed = switch (codec) {
                case NONE -> in;
                case GZIP -> c.compress(in, ends, ends.length);
                case ZSTD -> { // the whole page: zstd keeps noise as raw blocks by itself
                    byte[] dst = new byte[external.bound(raw.length)];
                    yield ByteSink.wrap(dst, external.compress(raw, raw.length, dst));
                }
            };
            ByteSink out = new ByteSink(packed.size() + 64);
            header.write(out, raw.length, packed.size());
            long uncompressed = out.size() + (long) raw.length;
            out.put(packed);
            return new Page(out.array(), out.size(), uncompressed);
        } finally {
            if (c != null) {
                idle.add(c);
            }
        }
    }

    /** The page of {@code f}, its exception rethrown as the writer's. */
    static Page get(Future<Page> f) throws IOException {
        return Workers.get(f, "compressing Parquet pages");
    }

    /** Writes Parquet's page header for a page of {@code raw} bytes, {@code packed} once compressed. */
    interface PageHeader {
        void write(ByteSink out, int raw, int packed);
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
            try {
                pool.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Compressor c; (c = idle.poll()) != null; ) {
            c.close();
        }
    }
}
