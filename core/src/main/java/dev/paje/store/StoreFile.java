package dev.paje.store;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The file a trace's store lives in. Layout: a 4 KB header page, then fixed-size block slots in
 * the order blocks were first saved (each table's blocks interleaved with the others'), then the
 * metadata (names, types, containers, and per table its size, slot offsets and block checksums).
 * The header is written last, so a file whose writer died is never taken for a store.
 *
 * <p>Writing goes through a staging buffer (new slots are appended, so writes are sequential);
 * reading goes through positional reads into a per-thread buffer, checked against the block's
 * CRC-32C: nothing is memory-mapped, so resident memory stays the heap's.
 */
public final class StoreFile implements Closeable {
    static final long MAGIC = 0x524f5453454a4150L; // "PAJESTOR"
    static final int VERSION = 10; // 10: aggregate pyramids per inner container (AggregateSummary); 7: link completion ranks beside the key references; 8: two-level block index; 9: large variables' finer summary levels
    static final int HEADER = 4096;
    private static final int STAGING = 1 << 20;

    private final FileChannel channel;
    private final String name;
    private Path path;
    private long end = HEADER;
    private ByteBuffer staging;
    private long stagingStart = HEADER;
    /** A view of the whole staging buffer as longs, made once per buffer (not per block written). */
    private java.nio.LongBuffer stagingLongs;
    /** The full staging buffer being written by the {@link StagingWriter} (null: none), and where it goes. */
    private ByteBuffer flushing;
    private long flushingStart;
    private java.util.concurrent.Future<?> flushed;
    /** The buffer the last background write emptied: the next staging buffer (two in all). */
    private ByteBuffer spareStaging;
    /** Everything staged below this offset is in the file (readers of other threads look without the lock). */
    private volatile long durable = HEADER;
    private BlockPool pool;
    private volatile boolean sealed;
    /** Every block saved: tables are read through the cache, from any thread (summaries being built). */
    private volatile boolean frozen;
    private final BlockCache cache;
    private final BlockIndex index;
    private int savedCrc;
    /** Heap buffers (direct ones would outlive many small stores until a full GC). */
    private static final ThreadLocal<ByteBuffer> scratch = ThreadLocal.withInitial(
            () -> ByteBuffer.allocate(Rows.BLOCK_ROWS * Rows.MAX_STRIDE * 8).order(ByteOrder.LITTLE_ENDIAN));
    /** Per reading thread, a block's bytes on their way from the file: one buffer per thread for all stores. */
    private static final ThreadLocal<ByteBuffer> directScratch = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(Rows.BLOCK_ROWS * Rows.MAX_STRIDE * 8).order(ByteOrder.LITTLE_ENDIAN));
    /** Closes the channel of a store nothing refers to any more (a trace that was never closed). */
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

    private StoreFile(FileChannel channel, Path path, boolean sealed, long poolBudget, long indexBudget) {
        this.channel = channel;
        this.path = path;
        this.name = path.toString();
        this.sealed = sealed;
        this.cache = BlockCache.shared();
        this.index = new BlockIndex(this, indexBudget);
        FileChannel ch = channel;
        CLEANER.register(this, () -> {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing left to do with it
            }
        });
        if (!sealed) {
            this.staging = ByteBuffer.allocate(STAGING / 16).order(ByteOrder.LITTLE_ENDIAN); // grows
            this.pool = new BlockPool(this, poolBudget);
        }
    }

    /**
     * A new store being written at {@code path} (which must not exist). With {@code keep} false the
     * file is unlinked at once: it lives as long as the channel (the process), whatever happens.
     */
    public static StoreFile create(Path path, boolean keep) throws IOException {
        return create(path, keep, defaultPoolBudget(), BlockIndex.defaultBudget());
    }

    /** A new store with the writer's pool and the block index given these budgets (tests: small ones). */
    static StoreFile create(Path path, boolean keep, long poolBudget, long indexBudget) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        if (!keep) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // a file we cannot unlink is removed at close instead
            }
        }
        return new StoreFile(ch, path, false, poolBudget, indexBudget);
    }

    /**
     * The writer's pool: three eighths of the maximum heap (the readers' cache is idle while writing),
     * between 4 MB and 96 MB. It must hold the blocks being filled (one per table: 17 MB for the
     * synthetic traces' 3,200 tables) or it thrashes; 96 MB holds those of about 16,000 tables.
     */
    static long defaultPoolBudget() {
        long max = Runtime.getRuntime().maxMemory();
        return Math.max(4L << 20, Math.min(96L << 20, max * 3 / 8) - BlockIndex.defaultBudget()); // the index's share
    }

    /** Opens a sealed store for reading; its header and metadata are checked by {@link StoreMeta}. */
    static StoreFile openSealed(Path path, long indexBudget) throws IOException {
        return new StoreFile(FileChannel.open(path, StandardOpenOption.READ), path, true, 0, indexBudget);
    }

    /** Bytes of block index pages in memory now. */
    long indexBytes() {
        return index.bytes();
    }

    FileChannel channel() {
        return channel;
    }

    public Path path() {
        return path;
    }

    /** The file was renamed (a finished cache moved into place). */
    public void moved(Path to) {
        this.path = to;
    }

    boolean sealed() {
        return sealed;
    }

    /** Bytes written so far (slots). */
    public long size() {
        return end;
    }

    // ---- blocks

    Frame fresh(Rows rows, int b) {
        Frame f = pool.frame(rows, b, true);
        return f;
    }

    /**
     * The frame of block {@code b} of {@code rows} (not its last one): resident, else read. While writing, the
     * pool's {@link BlockPool#frame(Rows, int)}, kept out of line: a first block read back (the pool evicted it)
     * was an uncommon trap in the simulator's compiled methods that recompiled them.
     */
    Frame frame(Rows rows, int b) {
        return sealed || frozen ? resident(rows, b) : pool.frame(rows, b);
    }

    /** The resident frame of block {@code b} of {@code rows} (marked used), else the block read. */
    Frame resident(Rows rows, int b) {
        Frame f = rows.resident(b);
        if (f == null) {
            return load(rows, b);
        }
        f.used = true;
        return f;
    }

    /** Reads the blocks {@code [from, to)} of {@code rows} that are not resident into frames ahead of their reader (frozen or sealed). */
    void loadAhead(Rows rows, int from, int to) {
        cache.loadAhead(rows, from, to);
    }

    /** Reads block {@code b} of {@code rows}, not resident, into a frame. */
    Frame load(Rows rows, int b) {
        if (sealed || frozen) {
            return cache.load(rows, b);
        }
        if (b >= rows.blockCount()) {
            throw new IndexOutOfBoundsException("row block " + b + " of " + rows.blockCount());
        }
        boolean unsaved = index.slot(rows, b) == 0;
        Frame f = pool.frame(rows, b, unsaved);
        if (unsaved) {
            java.util.Arrays.fill(f.data, 0L); // the pool's arrays come uncleared
        }
        rows.publish(f);
        return f;
    }

    /**
     * Saves every block and index page: until {@link #thaw}, tables are read through the cache and
     * may be read from other threads, while this one still writes new tables (appending only).
     */
    void freeze() throws IOException {
        pool.flushAll();
        index.flushAll();
        flushStaging();
        awaitFlush(); // other threads read the file from now on
        frozen = true;
    }

    /** The end of {@link #freeze}: the cache forgets this file's blocks, the writer's pool serves again. */
    void thaw() {
        frozen = false;
        cache.dropAll(this);
    }

    /** The writer's pool holds at most {@code bytes} (the summaries built while writing need the rest). */
    void capPool(long bytes) {
        if (pool != null) {
            pool.cap(bytes);
        }
    }

    /** Writes new block {@code b} of {@code rows}, whole, without the pool ({@link Rows#appendBlock}). */
    void append(Rows rows, int b, long[] data) {
        try {
            writeBlock(rows, b, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Saves block {@code b} of {@code rows} into its slot (allocated on first save). */
    synchronized void writeBlock(Rows rows, int b, long[] data) throws IOException {
        long slot = index.slot(rows, b);
        if (slot == 0) {
            slot = allocate(data.length * 8);
        }
        index.set(rows, b, slot, write(slot, data));
    }

    /** Saves {@code data} into {@code slot}, or into a new slot when 0 (writer only); returns the slot. */
    synchronized long saveSlot(long slot, long[] data) throws IOException {
        if (slot == 0) {
            slot = allocate(data.length * 8);
        }
        savedCrc = write(slot, data);
        return slot;
    }

    /** The checksum of what {@link #saveSlot} saved last. */
    int savedCrc() {
        return savedCrc;
    }

    /** Reserves {@code bytes} at the end of the file, in the staging buffer: the next write fills them. */
    private long allocate(int bytes) throws IOException {
        if (staging.remaining() < bytes) {
            flushStaging();
        }
        long slot = end;
        end += bytes;
        staging.position(staging.position() + bytes);
        return slot;
    }

    /** Writes {@code data} into its slot (staged when the slot is still in the buffer); returns its checksum. */
    private int write(long slot, long[] data) throws IOException {
        int bytes = data.length * 8;
        if (slot >= stagingStart && slot < stagingStart + staging.position()) {
            int at = (int) (slot - stagingStart);
            if (stagingLongs == null) {
                stagingLongs = staging.duplicate().clear().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
            }
            stagingLongs.put(at >>> 3, data); // slots are multiples of 8 bytes while writing
            return crc(staging, at, bytes);
        }
        awaitFlushOver(slot, bytes); // else the background write could put the slot's older bytes back over these
        ByteBuffer s = scratch.get();
        s.clear().limit(bytes);
        s.asLongBuffer().put(data);
        int crc = crc(s, 0, bytes);
        writeFully(s, slot);
        return crc;
    }

    private static int crc(ByteBuffer buf, int at, int bytes) {
        CRC32C c = new CRC32C();
        if (buf.hasArray()) {
            c.update(buf.array(), buf.arrayOffset() + at, bytes); // no view per block
            return (int) c.getValue();
        }
        ByteBuffer d = buf.duplicate();
        d.limit(at + bytes).position(at);
        c.update(d);
        return (int) c.getValue();
    }

    private synchronized void flushStaging() throws IOException {
        staging.flip();
        if (staging.isDirect()) { // full size: written by the background writer while this thread fills the other buffer
            awaitFlush();
            flushing = staging;
            flushingStart = stagingStart;
            flushed = StagingWriter.write(channel, staging, stagingStart);
            stagingStart += staging.limit();
            staging = spareStaging != null ? spareStaging : ByteBuffer.allocateDirect(STAGING).order(ByteOrder.LITTLE_ENDIAN);
            spareStaging = null;
            staging.clear();
            stagingLongs = null;
            return;
        }
        writeFully(staging, stagingStart);
        stagingStart += staging.limit();
        durable = stagingStart;
        staging.clear();
        if (staging.capacity() < STAGING) {
            int grown = staging.capacity() * 2;
            // full size: direct, so that the channel writes it as it is, not through a copy into a temporary direct buffer
            staging = (grown >= STAGING ? ByteBuffer.allocateDirect(grown) : ByteBuffer.allocate(grown))
                    .order(ByteOrder.LITTLE_ENDIAN);
            stagingLongs = null;
        }
    }

    /** Waits for the background write of the last full staging buffer, if any; its failure is thrown here. */
    private synchronized void awaitFlush() throws IOException {
        if (flushed == null) {
            return;
        }
        try {
            StagingWriter.await(flushed);
        } finally {
            flushed = null;
            durable = flushingStart + flushing.limit();
            flushing.clear();
            spareStaging = flushing;
            flushing = null;
        }
    }

    /** {@link #awaitFlush} when {@code [at, at + bytes)} overlaps the buffer being written in the background. */
    private void awaitFlushOver(long at, int bytes) throws IOException {
        if (at + bytes > durable) {
            synchronized (this) {
                if (flushed != null && at < flushingStart + flushing.limit() && at + bytes > flushingStart) {
                    awaitFlush();
                }
            }
        }
    }

    private void writeFully(ByteBuffer buf, long at) throws IOException {
        long pos = at;
        while (buf.hasRemaining()) {
            pos += channel.write(buf, pos);
        }
    }

    /** Reads block {@code b} of {@code rows} into {@code data}, checking it against its checksum. */
    void readBlock(Rows rows, int b, long[] data) throws IOException {
        if (sealed || frozen) { // one index lookup, and a direct buffer: the viewer reads thousands of blocks per answer
            readIndexed(rows, b, data);
            return;
        }
        long slot = index.slot(rows, b);
        if (slot == 0) {
            if (sealed) {
                throw damaged("block " + b + " of a table has no slot");
            }
            java.util.Arrays.fill(data, 0L);
            return;
        }
        readSlot(slot, data, index.crc(rows, b), b);
    }

    /**
     * Reads block {@code b} of {@code rows} into {@code data}, checked, past the cache, from any thread, while its
     * table no longer changes (the file frozen or sealed): one index lookup under the lock, the read outside it. The
     * summaries at seal read each block once: through the cache, their 550 MB on 1 GB were its frames (and their
     * lock) for nothing.
     */
    void readUnchanging(Rows rows, int b, long[] data) throws IOException {
        if (!unchanging()) {
            throw new IllegalStateException("a table being written is read through the writer's pool");
        }
        readIndexed(rows, b, data);
    }

    /** Blocks read by one positional read at most ({@link #readRun}): 16 of the widest rows are 256 KB. */
    static final int RUN_BLOCKS = 16;
    private static final ThreadLocal<ByteBuffer> runScratch = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(RUN_BLOCKS * Rows.BLOCK_ROWS * Rows.MAX_STRIDE * 8).order(ByteOrder.LITTLE_ENDIAN));
    /** Positional reads of sealed blocks (one per block, or per stretch in {@link #readRun}) since the process started. */
    static final java.util.concurrent.atomic.LongAdder POSITIONAL_READS = new java.util.concurrent.atomic.LongAdder();

    /**
     * Reads blocks {@code [b, b + datas.length)} of {@code rows} (its table no longer changing, at most
     * {@link #RUN_BLOCKS}) into {@code datas}, checked, with one positional read per stretch of blocks whose slots
     * follow each other in the file (a summary level is written whole, so its blocks do): a wide window reads
     * thousands of blocks, and a read per block was most of its time in reading (bench/RESULTS.md, wt-view9).
     */
    void readRun(Rows rows, int b, long[][] datas) throws IOException {
        if (!unchanging()) {
            throw new IllegalStateException("a table being written is read through the writer's pool");
        }
        int n = datas.length;
        int bytes = rows.stride() * Rows.BLOCK_ROWS * 8;
        long[] slots = new long[n];
        int[] crcs = new int[n];
        BlockIndex.Page p = null;
        for (int j = 0; j < n; j++) {
            int i = (b + j) & (BlockIndex.PAGE - 1);
            if (p == null || i == 0) {
                p = index.sealedPage(rows, b + j);
            }
            slots[j] = i < p.slots.length ? p.slots[i] : 0;
            if (slots[j] == 0) {
                throw damaged("block " + (b + j) + " of a table has no slot");
            }
            crcs[j] = p.crcs[i];
        }
        ByteBuffer s = runScratch.get();
        for (int j = 0; j < n; ) {
            if (notInFileYet(slots[j], bytes)) { // written after the freeze: maybe still staged, or being written
                readSlot(slots[j], datas[j], crcs[j], b + j);
                POSITIONAL_READS.increment();
                j++;
                continue;
            }
            int e = j + 1;
            while (e < n && slots[e] == slots[e - 1] + bytes && !notInFileYet(slots[e], bytes)) {
                e++;
            }
            s.clear().limit((e - j) * bytes);
            long pos = slots[j];
            while (s.hasRemaining()) {
                int r = channel.read(s, pos);
                if (r < 0) {
                    throw damaged("the file ends inside block " + (b + j + s.position() / bytes) + " of a table (truncated)");
                }
                pos += r;
            }
            POSITIONAL_READS.increment();
            for (int k = j; k < e; k++) {
                int at = (k - j) * bytes;
                if (crc(s, at, bytes) != crcs[k]) {
                    throw damaged("block " + (b + k) + " of a table at offset " + slots[k] + " does not match its checksum");
                }
                s.limit(at + bytes).position(at);
                s.asLongBuffer().get(datas[k]);
            }
            j = e;
        }
    }

    /**
     * Whether {@code [slot, slot + bytes)} may not be in the file yet: a frozen file's sealing thread appends (progressive
     * seal) while readers read what it published, whose blocks may still be in the staging buffer or its background
     * write ({@link #readSlot} reads them from there); read straight from the file, they were taken for damage.
     */
    private boolean notInFileYet(long slot, int bytes) {
        return !sealed && slot + bytes > durable;
    }

    /** Reads block {@code b} of {@code rows}, its table no longer changing, through one lookup of its index page. */
    private void readIndexed(Rows rows, int b, long[] data) throws IOException {
        BlockIndex.Page p = index.sealedPage(rows, b);
        int i = b & (BlockIndex.PAGE - 1);
        long slot = i < p.slots.length ? p.slots[i] : 0;
        if (slot == 0 && !channel.isOpen()) { // closed meanwhile (its index cleared): not a damaged file
            throw new java.nio.channels.ClosedChannelException();
        }
        if (slot == 0) {
            throw damaged("block " + b + " of a table has no slot");
        }
        readSlot(slot, data, p.crcs[i], b);
        POSITIONAL_READS.increment();
    }

    /** Whether the tables no longer change (frozen or sealed): then any thread may read them. */
    boolean unchanging() {
        return sealed || frozen;
    }

    /** Reads the slot at {@code slot} into {@code data} and checks it against {@code crc}. */
    void readSlot(long slot, long[] data, int crc, String what) throws IOException {
        readSlot(slot, data, crc, what, -1);
    }

    /** Reads block {@code block}'s slot (its description is written only for an error: not a string per block read). */
    private void readSlot(long slot, long[] data, int crc, int block) throws IOException {
        readSlot(slot, data, crc, null, block);
    }

    private void readSlot(long slot, long[] data, int crc, String what, int block) throws IOException {
        int bytes = data.length * 8;
        if (!sealed && slot + bytes > durable && fromStaging(slot, data, bytes)) {
            return;
        }
        ByteBuffer s = directScratch.get(); // a heap buffer is read into a temporary direct one and copied again
        s.clear().limit(bytes);
        long pos = slot;
        while (s.hasRemaining()) {
            int n = channel.read(s, pos);
            if (n < 0) {
                throw damaged("the file ends inside " + described(what, block) + " (truncated)");
            }
            pos += n;
        }
        s.flip();
        if (crc(s, 0, bytes) != crc) {
            throw damaged(described(what, block) + " at offset " + slot + " does not match its checksum");
        }
        s.asLongBuffer().get(data);
    }

    /**
     * Reads a slot not yet known to be in the file: from the staging buffer when it is there (true), else after the
     * background write over it. Under the lock: a reader of a progressive seal's summaries reads while the sealing
     * thread appends (slots already in the file are read without it).
     */
    private synchronized boolean fromStaging(long slot, long[] data, int bytes) throws IOException {
        if (staging != null && slot >= stagingStart && slot < stagingStart + staging.position()) {
            ByteBuffer src = staging.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            src.limit((int) (slot - stagingStart) + bytes).position((int) (slot - stagingStart));
            src.asLongBuffer().get(data);
            return true;
        }
        awaitFlushOver(slot, bytes); // its bytes may not be in the file yet
        return false;
    }

    private static String described(String what, int block) {
        return what != null ? what : "block " + block + " of a table";
    }

    StoreDamagedException damaged(String what) {
        return new StoreDamagedException("the store " + name + " is damaged: " + what, path, sealed);
    }

    // ---- the end of writing

    /**
     * Saves every block, then the metadata and the header: the store is complete and read-only.
     * Returns nothing; the metadata is {@code meta} as encoded by {@link StoreMeta}.
     */
    void seal(StoreMeta.Encoder meta) throws IOException {
        pool.flushAll();
        index.flushAll();
        flushStaging();
        awaitFlush();
        pool = null;
        staging = null;
        stagingLongs = null;
        spareStaging = null;
        byte[] bytes = meta.encode();
        long metaAt = end;
        writeFully(ByteBuffer.wrap(bytes), metaAt);
        end += bytes.length;
        ByteBuffer head = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        head.putLong(MAGIC).putInt(VERSION).putInt(0).putLong(metaAt).putLong(bytes.length)
                .putInt(crc(ByteBuffer.wrap(bytes), 0, bytes.length));
        head.putInt(crc(head, 0, head.position()));
        head.flip();
        writeFully(head, 0);
        sealed = true;
        frozen = false; // read as sealed from now on (the cache's frames of a frozen file stay valid)
    }

    /** Gives up writing: the blocks in memory are dropped (the file is deleted by the caller). */
    void abandon() {
        try {
            awaitFlush(); // not writing into a file being deleted or closed
        } catch (IOException e) {
            // given up anyway
        }
        pool = null;
        staging = null;
        spareStaging = null;
    }

    /** Verifies every block of {@code rows} against its checksum (reads them, keeps none). */
    void verify(Rows rows) throws IOException {
        long[] data = new long[rows.blockLongs()];
        for (int b = 0, n = rows.blockCount(); b < n; b++) {
            readBlock(rows, b, data);
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (this) {
            if (flushed != null) {
                abandon();
            }
        }
        cache.dropAll(this);
        channel.close(); // before the index: a reader finding no slot then sees a closed file
        index.clear();
    }

    @Override
    public String toString() {
        return name;
    }
}
