package dev.paje.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Fixed-width rows of longs, stored row after row, in one of two homes:
 * <ul>
 * <li><b>on disk</b> (every loaded trace): blocks of {@link #BLOCK_ROWS} rows in slots of a
 * {@link StoreFile}. While the simulator writes, the blocks it works on sit in the writer's
 * bounded {@link BlockPool}; once sealed, readers get blocks from the {@link BlockCache}. Where
 * each block lives is in pages of the {@link BlockIndex}, on disk too: the heap holds a slot and a
 * checksum per page of {@link BlockIndex#PAGE} blocks, and the frames resident now.</li>
 * <li><b>on the heap</b> (small derived tables, tests): growable arrays of blocks.</li>
 * </ul>
 * Row-major on purpose: the simulator touches one cache line per event instead of one per column.
 */
public final class Rows {
    /** Rows per block on disk: small, so that thousands of tables fill their blocks in a small pool. */
    static final int BLOCK_SHIFT = 8;
    static final int BLOCK_ROWS = 1 << BLOCK_SHIFT;
    static final int MAX_STRIDE = 8;
    /** Rows per block on the heap. */
    private static final int SHIFT = 12;
    private static final int BLOCK = 1 << SHIFT;
    private static final VarHandle FRAMES = MethodHandles.arrayElementVarHandle(Frame[].class);
    private static final VarHandle PAGES = MethodHandles.arrayElementVarHandle(Frame[][].class);
    /** Resident frames are kept by groups of 32 blocks: an array per group that has any. */
    private static final int GROUP_SHIFT = 5;
    private static final int GROUP = 1 << GROUP_SHIFT;
    private static final int GROUPS_PER_PAGE = BlockIndex.PAGE >>> GROUP_SHIFT;

    private final int stride;
    private int size;
    /** Rows counted but not kept ({@link #dropping}): nothing reads them back. */
    private final boolean drop;
    // heap home
    private long[][] blocks;
    // disk home
    private final StoreFile file;
    /** Slot and checksum of each page of the block index (0: not saved yet). */
    long[] pageSlots;
    int[] pageCrcs;
    /** The index pages in memory now (the {@link BlockIndex} sets and clears them). */
    BlockIndex.Page[] pages;
    /** Resident frames by group of blocks; a group's array is dropped when its last frame goes. */
    private Frame[][] resident;
    private int[] residentCount;
    /**
     * The frame this table used last; {@link #NONE}, never null, when there is none: a null test here became a
     * branch C2 compiled as never taken until the pool first evicted, and its deoptimizations recompiled the
     * simulator's large inlined methods again and again (seconds of C2 on some loads).
     */
    private Frame last = NONE;
    private static final Frame NONE = new Frame(null, -1, null);
    /**
     * When {@link #last} is dirty (it is written), its block and array: a write goes straight to the array, not
     * through the frame (one cold object fewer per row with thousands of tables in flight); -1 otherwise.
     */
    private int wBlock = -1;
    private long[] wData = NO_WRITE;
    /**
     * {@link #wData} when no block is being written: never null, and as long as any block, so that {@link #touchAt} reads
     * it unchecked (a null test there became an uncommon trap once the pool first evicted).
     */
    private static final long[] NO_WRITE = new long[BLOCK_ROWS * MAX_STRIDE];

    /** Rows on the heap. */
    public Rows(int stride) {
        this.stride = stride;
        this.file = null;
        this.drop = false;
        this.blocks = new long[][] {new long[4 * stride]};
    }

    private Rows(int stride, boolean drop) {
        this.stride = stride;
        this.file = null;
        this.drop = drop;
    }

    /**
     * Rows that are counted but not kept: writes are dropped, reads fail. For a simulation whose
     * entities nobody reads ({@code paje validate} without a cache): no block is written.
     */
    static Rows dropping(int stride) {
        return new Rows(stride, true);
    }

    /** True when the rows are counted but not kept. */
    boolean drops() {
        return drop;
    }

    /** New empty rows of {@code stride} in the same home as these (file, heap, or dropped). */
    Rows sibling(int stride) {
        return drop ? dropping(stride) : file != null ? new Rows(stride, file) : new Rows(stride);
    }

    /** Rows written into {@code file}'s slots. */
    Rows(int stride, StoreFile file) {
        if (stride > MAX_STRIDE) {
            throw new IllegalArgumentException("stride " + stride);
        }
        this.stride = stride;
        this.file = file;
        this.drop = false;
        pages(1);
    }

    /** Rows of a sealed store, as described by its metadata. */
    Rows(int stride, StoreFile file, int size, long[] pageSlots, int[] pageCrcs) {
        this.stride = stride;
        this.file = file;
        this.drop = false;
        this.size = size;
        int n = pageSlots.length;
        this.pageSlots = pageSlots;
        this.pageCrcs = pageCrcs;
        this.pages = new BlockIndex.Page[n];
        this.resident = new Frame[n * GROUPS_PER_PAGE][];
        this.residentCount = new int[n * GROUPS_PER_PAGE];
    }

    /** Room for {@code n} index pages. */
    private void pages(int n) {
        pageSlots = pageSlots == null ? new long[n] : Arrays.copyOf(pageSlots, n);
        pageCrcs = pageCrcs == null ? new int[n] : Arrays.copyOf(pageCrcs, n);
        pages = pages == null ? new BlockIndex.Page[n] : Arrays.copyOf(pages, n);
        int groups = n * GROUPS_PER_PAGE;
        resident = resident == null ? new Frame[groups][] : Arrays.copyOf(resident, groups);
        residentCount = residentCount == null ? new int[groups] : Arrays.copyOf(residentCount, groups);
    }

    /** Field {@code field} of row {@code row}. */
    public long get(int row, int field) {
        if (file == null) {
            if (drop) {
                throw new IllegalStateException("these rows were not kept (a simulation without a store)");
            }
            return blocks[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field];
        }
        Frame f = frame(row >>> BLOCK_SHIFT);
        long v = f.data[(row & (BLOCK_ROWS - 1)) * stride + field];
        VarHandle.loadLoadFence(); // the value is read before the check: a recycled array shows as retired
        return f.retired ? reread(row, field) : v;
    }

    /**
     * Copies rows {@code [row, row + n)} whole, from {@code row} up to the end of its block (or of the rows) at most, into
     * {@code dst} from index 0 (stride longs per row); returns how many rows were copied. A sampler reading
     * thousands of summary rows per table reads them a block at a time: one lookup and one recycling check per
     * block, not per field ({@link #get} was most of a zoomed-out state sample's time).
     */
    public int copy(int row, int n, long[] dst) {
        n = Math.min(n, size - row); // never past the last row: the rest of a block's array is stale
        if (file == null) {
            if (drop) {
                throw new IllegalStateException("these rows were not kept (a simulation without a store)");
            }
            int m = Math.min(n, BLOCK - (row & (BLOCK - 1)));
            System.arraycopy(blocks[row >>> SHIFT], (row & (BLOCK - 1)) * stride, dst, 0, m * stride);
            return m;
        }
        int m = Math.min(n, BLOCK_ROWS - (row & (BLOCK_ROWS - 1)));
        while (true) {
            Frame f = frame(row >>> BLOCK_SHIFT);
            System.arraycopy(f.data, (row & (BLOCK_ROWS - 1)) * stride, dst, 0, m * stride);
            VarHandle.loadLoadFence(); // copied before the check, as in get
            if (!f.retired) {
                return m;
            }
            last = NONE;
        }
    }

    /**
     * Rows {@code [row, row + n)} are about to be read in order: on a frozen or sealed store, the blocks of them that are
     * not resident are read ahead, a stretch of blocks at a time ({@link BlockCache#loadAhead}). Nothing otherwise.
     */
    public void readAhead(int row, int n) {
        n = Math.min(n, size - row);
        if (file == null || n <= 0 || !file.unchanging() || (row >>> BLOCK_SHIFT) == ((row + n - 1) >>> BLOCK_SHIFT)) {
            return; // one block: the first read of it reads it
        }
        file.loadAhead(this, row >>> BLOCK_SHIFT, ((row + n - 1) >>> BLOCK_SHIFT) + 1);
    }

    /**
     * Copies block {@code b} whole into {@code dst} (the heap's rows from its first row on), read from the file past the
     * cache when on disk and no longer changing (the file frozen or sealed: a scan that reads each block once);
     * returns its rows.
     */
    int readBlock(int b, long[] dst) {
        int row = b << BLOCK_SHIFT;
        if (file == null || !file.unchanging()) {
            return copy(row, BLOCK_ROWS, dst); // the heap, or the writer's pool (a table still written)
        }
        try {
            file.readUnchanging(this, b, dst);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return Math.min(BLOCK_ROWS, size - row);
    }

    /**
     * Copies block {@code b}'s rows whole into {@code dst} for a scan that reads each block once: a resident block from
     * the cache, another read from the file past it when the file no longer changes ({@link #readBlock}), so that the
     * scan does not evict what the viewer's other windows read. Returns its rows.
     */
    int scanBlock(int b, long[] dst) {
        if (file != null && file.unchanging() && resident(b) == null) {
            return readBlock(b, dst);
        }
        return copy(b << BLOCK_SHIFT, BLOCK_ROWS, dst);
    }

    /** The cache recycled the frame's array while it was read (rare): the block is looked up or read again. */
    private long reread(int row, int field) {
        last = NONE;
        return get(row, field);
    }

    public double getDouble(int row, int field) {
        return Double.longBitsToDouble(get(row, field));
    }

    public void set(int row, int field, long v) {
        if (file == null) {
            if (drop) {
                return;
            }
            blocks[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field] = v;
            return;
        }
        rowData(row)[(row & (BLOCK_ROWS - 1)) * stride + field] = v;
    }

    public void setDouble(int row, int field, double v) {
        set(row, field, Double.doubleToRawLongBits(v));
    }

    private Frame frame(int b) {
        Frame f = last;
        if (f.block != b) {
            f = file.frame(this, b);
            last = f;
            wData = NO_WRITE; // not kept: an array the pool or cache let go of must become garbage
            wBlock = -1; // rowData sets it, marking the frame dirty (not f.dirty ? b : -1: that branch was an
                         // uncommon trap in the simulator's compiled methods until a first block was read back)
        }
        return f;
    }

    /** Appends a row of zeros and returns its index. */
    public int add() {
        if (file == null) {
            return drop ? size++ : addOnHeap();
        }
        int r = append();
        int at = rowAt(r);
        java.util.Arrays.fill(rowData(r), at, at + stride, 0L); // the pool's arrays are reused uncleared
        return r;
    }

    /** Appends a row whose fields the caller writes, all of them (on disk: its block's array may hold old data). */
    private int append() {
        if ((size & (BLOCK_ROWS - 1)) == 0) {
            int b = size >>> BLOCK_SHIFT;
            Frame f = file.fresh(this, b); // grows the index pages (roomFor) out of line
            publish(f);
            last = f;
            // wBlock is left for rowData's lookup to set: its branch is then taken from the first block on, so C2
            // compiles it (the first write to an older block, ~4 s into a 1 GB load, was an unstable_if trap in the
            // simulator's inlined TraceReader.record: recompiled, ~0.8 s of C2)
            wBlock = -1;
            wData = NO_WRITE;
        }
        return size++;
    }

    /**
     * Room in the index pages for block {@code b}. Called by the writer's pool, which is compiled out of line: as a
     * branch of {@link #append}, inlined into the simulator, its first use (a table reaching 32,768 rows) was an
     * uncommon trap that recompiled the simulator's methods.
     */
    void roomFor(int b) {
        int p = b >>> BlockIndex.PAGE_SHIFT;
        if (p >= pageSlots.length) {
            pages(Math.max(p + 1, pageSlots.length * 2));
        }
    }

    /** Appends a row of two fields and returns its index: one block lookup for the row (the writer's hot path). */
    public int add(long f0, long f1) {
        if (drop) {
            return size++;
        }
        int r = stride == 2 && file != null ? append() : add();
        long[] data = rowData(r);
        int at = rowAt(r);
        data[at] = f0;
        data[at + 1] = f1;
        return r;
    }

    /** Appends a row of three fields and returns its index: one block lookup for the row. */
    public int add(long f0, long f1, long f2) {
        if (drop) {
            return size++;
        }
        int r = stride == 3 && file != null ? append() : add();
        long[] data = rowData(r);
        int at = rowAt(r);
        data[at] = f0;
        data[at + 1] = f1;
        data[at + 2] = f2;
        return r;
    }

    /** Appends a row of four fields and returns its index: one block lookup for the row (a link). */
    public int add(long f0, long f1, long f2, long f3) {
        if (drop) {
            return size++;
        }
        int r = stride == 4 && file != null ? append() : add();
        long[] data = rowData(r);
        int at = rowAt(r);
        data[at] = f0;
        data[at + 1] = f1;
        data[at + 2] = f2;
        data[at + 3] = f3;
        return r;
    }

    /** Appends the {@code n} rows of {@code src} (row after row): a block at a time (summary levels, {@link RowStage}). */
    void addAll(long[] src, int n) {
        if (file == null) {
            for (int i = 0; i < n; i++) {
                int r = add();
                System.arraycopy(src, i * stride, rowData(r), rowAt(r), stride);
            }
            return;
        }
        for (int i = 0; i < n; ) {
            int r = append();
            int m = Math.min(n - i, BLOCK_ROWS - (r & (BLOCK_ROWS - 1)));
            size += m - 1;
            System.arraycopy(src, i * stride, rowData(r), rowAt(r), m * stride);
            i += m;
        }
    }

    /**
     * Appends a whole block of rows straight into the file, with no frame in the writer's pool (a
     * summary level, {@link RowStage}); false when these rows are not on disk or not at a block's start.
     */
    boolean appendBlock(long[] block) {
        if (file == null || (size & (BLOCK_ROWS - 1)) != 0 || block.length != blockLongs()) {
            return false;
        }
        int b = size >>> BLOCK_SHIFT;
        if (b >>> BlockIndex.PAGE_SHIFT == pageSlots.length) {
            pages(pageSlots.length * 2);
        }
        size += BLOCK_ROWS;
        file.append(this, b, block);
        return true;
    }

    /**
     * Appends the first {@code n} rows of {@code block} (a whole block's array, rows after {@code n} zeroed here) as
     * a block of their own straight into the file, with no frame in the writer's pool (the last rows of a summary
     * level copied at seal: through the pool, thousands of them held its whole budget during the seal); false when
     * these rows are not on disk or not at a block's start.
     */
    boolean appendLastBlock(long[] block, int n) {
        if (file == null || (size & (BLOCK_ROWS - 1)) != 0 || block.length != blockLongs() || n <= 0 || n > BLOCK_ROWS) {
            return false;
        }
        Arrays.fill(block, n * stride, block.length, 0L); // as the pool saves a partial block: stores are deterministic
        int b = size >>> BLOCK_SHIFT;
        if (b >>> BlockIndex.PAGE_SHIFT == pageSlots.length) {
            pages(pageSlots.length * 2);
        }
        size += n;
        file.append(this, b, block);
        return true;
    }

    /** The array holding row {@code r} (its frame marked dirty), where it starts at {@link #rowAt}. */
    private long[] rowData(int r) {
        if (file == null) {
            return blocks[r >>> SHIFT];
        }
        int b = r >>> BLOCK_SHIFT;
        if (b != wBlock) {
            // not through frame(): its test of the last frame would be one-sided here (a rare branch, an uncommon trap)
            Frame f = file.frame(this, b);
            f.dirty = true;
            last = f;
            wBlock = b;
            wData = f.data;
        }
        return wData;
    }

    private int rowAt(int r) {
        return file == null ? (r & (BLOCK - 1)) * stride : (r & (BLOCK_ROWS - 1)) * stride;
    }

    private int addOnHeap() {
        int b = size >>> SHIFT;
        int at = (size & (BLOCK - 1)) * stride;
        if (b == blocks.length) {
            blocks = Arrays.copyOf(blocks, b * 2);
        }
        long[] block = blocks[b];
        if (block == null) {
            blocks[b] = new long[BLOCK * stride];
        } else if (at + stride > block.length) {
            blocks[b] = Arrays.copyOf(block, Math.min(block.length * 2, BLOCK * stride));
        }
        return size++;
    }

    public int size() {
        return size;
    }

    /** Counts {@code n} more rows that are not kept: only for rows that drop theirs ({@link #dropping}). */
    void countDropped(int n) {
        if (!drop) {
            throw new IllegalStateException("only dropped rows are counted without being written");
        }
        size += n;
    }

    public int stride() {
        return stride;
    }

    /** Bytes per row. */
    public int width() {
        return stride * 8;
    }

    /** Number of disk blocks the rows occupy. */
    int blockCount() {
        return (size + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
    }

    /** Longs in one disk block. */
    int blockLongs() {
        return BLOCK_ROWS * stride;
    }

    StoreFile file() {
        return file;
    }

    boolean onDisk() {
        return file != null;
    }

    /** Number of index pages. */
    int pageCount() {
        return (blockCount() + BlockIndex.PAGE - 1) >>> BlockIndex.PAGE_SHIFT;
    }

    Frame resident(int b) {
        Frame[] group = (Frame[]) PAGES.getAcquire(resident, b >>> GROUP_SHIFT);
        return group == null ? null : (Frame) FRAMES.getAcquire(group, b & (GROUP - 1));
    }

    /** Makes {@code f} resident (under the lock of the pool or cache that holds it). */
    void publish(Frame f) {
        int g = f.block >>> GROUP_SHIFT;
        Frame[] group = (Frame[]) PAGES.getAcquire(resident, g);
        if (group == null) {
            group = new Frame[GROUP];
            PAGES.setRelease(resident, g, group);
        }
        if (FRAMES.getAcquire(group, f.block & (GROUP - 1)) == null) {
            residentCount[g]++;
        }
        FRAMES.setRelease(group, f.block & (GROUP - 1), f);
    }

    /** The array of the block being written ({@link #NO_WRITE} when none): for {@link TablePrefetch}. */
    long[] touchData() {
        return wData;
    }

    /** Where the last row written sits in a block's array (any block's: always in bounds): for {@link TablePrefetch}. */
    int touchAt() {
        return ((size - 1) & (BLOCK_ROWS - 1)) * Math.min(stride, MAX_STRIDE); // heap rows (any stride) have NO_WRITE
    }

    /** Whether this table still refers to the array of a block it wrote (tests: after a flush it must not). */
    boolean holdsWriteArray() {
        return wData != NO_WRITE;
    }

    /** If {@code f} is the block this table used last, forgets that (its next use marks it used); true then. */
    boolean dropLast(Frame f) {
        if (last == f) {
            last = NONE;
            wBlock = -1;
            wData = NO_WRITE;
            return true;
        }
        return false;
    }

    /** The pool or cache dropped {@code f}: the next access reads the block again. */
    void forget(Frame f) {
        int g = f.block >>> GROUP_SHIFT;
        Frame[] group = g < resident.length ? (Frame[]) PAGES.getAcquire(resident, g) : null;
        if (group != null && FRAMES.getAcquire(group, f.block & (GROUP - 1)) == f) {
            FRAMES.setRelease(group, f.block & (GROUP - 1), null);
            if (--residentCount[g] == 0) {
                PAGES.setRelease(resident, g, null);
            }
        }
        if (last == f) {
            last = NONE;
            wBlock = -1;
            wData = NO_WRITE;
        }
    }

    /** A copy of these rows written into {@code to}. */
    Rows copyTo(StoreFile to) {
        Rows copy = new Rows(stride, to);
        for (int r = 0; r < size; r++) {
            int c = copy.add();
            for (int k = 0; k < stride; k++) {
                copy.set(c, k, get(r, k));
            }
        }
        return copy;
    }

    /** Drops the unused end of the last heap block and of the block list. */
    public void trim() {
        if (blocks == null) {
            return;
        }
        int used = (size + BLOCK - 1) >>> SHIFT;
        blocks = Arrays.copyOf(blocks, Math.max(1, used));
        if (size > 0) {
            int lastBlock = (size - 1) >>> SHIFT;
            int rows = size - (lastBlock << SHIFT);
            if (blocks[lastBlock].length != rows * stride) {
                blocks[lastBlock] = Arrays.copyOf(blocks[lastBlock], rows * stride);
            }
        }
    }
}
