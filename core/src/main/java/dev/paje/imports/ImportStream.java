package dev.paje.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The Pajé text of an imported trace as a stream: the importer runs in its own thread and hands
 * over blocks through a short queue, so the text is never whole in memory or on disk and reading
 * overlaps with converting. A failed import surfaces as a {@link Failure} from {@link #read}.
 */
public final class ImportStream extends InputStream {
    private static final int BLOCK = 1 << 18;
    private static final byte[] END = new byte[0];

    /** The importer found the input invalid; reading stops here. */
    public static final class Failure extends IOException {
        private static final long serialVersionUID = 1L;

        public Failure(ImportException cause) {
            super(cause.describe(), cause);
        }

        public ImportException problem() {
            return (ImportException) getCause();
        }
    }

    private final BlockingQueue<byte[]> blocks = new ArrayBlockingQueue<>(8);
    private final Thread worker;
    private volatile Throwable failure;
    private volatile boolean closed;
    private byte[] current = new byte[0];
    private int at;
    private boolean ended;

    public ImportStream(Importer importer, Path file) {
        worker = new Thread(() -> produce(importer, file), "paje-import-" + importer.format());
        worker.setDaemon(true);
        worker.start();
    }

    private void produce(Importer importer, Path file) {
        try (Blocks sink = new Blocks()) {
            PajeText text = new PajeText(sink);
            importer.convert(file, text);
            text.flush();
        } catch (ImportException | IOException | RuntimeException | Error e) {
            failure = e instanceof UncheckedIOException u && !closed ? u.getCause() : e;
        } finally {
            hand(END);
        }
    }

    /** Blocks into the queue; a closed stream makes the importer stop at its next write. */
    private final class Blocks extends OutputStream {
        private byte[] block = new byte[BLOCK];
        private int n;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int k = Math.min(len, BLOCK - n);
                System.arraycopy(b, off, block, n, k);
                n += k;
                off += k;
                len -= k;
                if (n == BLOCK) {
                    flush();
                }
            }
        }

        @Override
        public void flush() throws IOException {
            if (n > 0) {
                if (!hand(Arrays.copyOf(block, n))) {
                    throw new InterruptedIOException("the import was abandoned");
                }
                n = 0;
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    private boolean hand(byte[] block) {
        try {
            while (!closed) {
                if (blocks.offer(block, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (at == current.length) {
            if (ended) {
                return -1;
            }
            try {
                current = blocks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while importing");
            }
            at = 0;
            if (current == END) {
                ended = true;
                rethrow();
            }
        }
        int k = Math.min(len, current.length - at);
        System.arraycopy(current, at, b, off, k);
        at += k;
        return k;
    }

    private void rethrow() throws IOException {
        Throwable f = failure;
        if (f == null) {
            return;
        }
        if (f instanceof ImportException e) {
            throw new Failure(e);
        }
        if (f instanceof IOException e) {
            throw e;
        }
        if (f instanceof RuntimeException e) {
            throw e;
        }
        throw (Error) f;
    }

    /** Stops the importer (when reading ends early) and waits for it. */
    @Override
    public void close() {
        closed = true;
        blocks.clear();
        try {
            worker.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
