package dev.paje.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The second level of the block index: where each block of a table lives (slot offset, CRC-32C),
 * {@link #PAGE} blocks to a page. Pages are stored in the file like blocks; a table keeps on the
 * heap only its pages' slots and checksums (16 bytes per {@code PAGE * BLOCK_ROWS} rows), and
 * this index keeps a bounded set of pages in memory, evicted by the clock (saved when changed).
 * So the heap no longer grows with the trace: a 10 GB trace loads at a 64 MB heap. Guarded by
 * the file's lock, which its writes take too (saving a page writes into the file).
 */
final class BlockIndex {
    static final int PAGE_SHIFT = 7;
    static final int PAGE = 1 << PAGE_SHIFT;
    /** A page on disk: its slots, then its checksums two to a long. */
    static final int PAGE_LONGS = PAGE + PAGE / 2;

    /** The entries of {@link #PAGE} consecutive blocks of one table; arrays grow to that as blocks are added. */
    static final class Page {
        final Rows owner;
        final int page;
        long[] slots;
        int[] crcs;
        boolean dirty;
        boolean used = true;

        Page(Rows owner, int page, long[] slots, int[] crcs) {
            this.owner = owner;
            this.page = page;
            this.slots = slots;
            this.crcs = crcs;
        }

        long bytes() {
            return slots.length * 12L + 64;
        }
    }

    private final StoreFile file;
    private final long budget;
    private Page[] ring = new Page[256];
    private int count;
    private int hand;
    private long bytes;

    BlockIndex(StoreFile file, long budget) {
        this.file = file;
        this.budget = budget;
    }

    /** The index's budget: a 32nd of the maximum heap, between 1 MB and 16 MB. */
    static long defaultBudget() {
        return Math.max(1L << 20, Math.min(16L << 20, Runtime.getRuntime().maxMemory() / 32));
    }

    long bytes() {
        synchronized (file) {
            return bytes;
        }
    }

    /** The slot of block {@code b} of {@code rows}, 0 when it was never saved. */
    long slot(Rows rows, int b) {
        synchronized (file) {
            Page p = page(rows, b >>> PAGE_SHIFT);
            int i = b & (PAGE - 1);
            return i < p.slots.length ? p.slots[i] : 0;
        }
    }

    /**
     * The page holding block {@code b}'s entry, for a sealed store (whose pages no longer change: its slot and checksum
     * can be read from it outside the lock, in one lookup).
     */
    Page sealedPage(Rows rows, int b) {
        synchronized (file) {
            return page(rows, b >>> PAGE_SHIFT);
        }
    }

    /** The checksum of block {@code b} of {@code rows}. */
    int crc(Rows rows, int b) {
        synchronized (file) {
            Page p = page(rows, b >>> PAGE_SHIFT);
            int i = b & (PAGE - 1);
            return i < p.crcs.length ? p.crcs[i] : 0;
        }
    }

    /** Records that block {@code b} of {@code rows} is in {@code slot} with checksum {@code crc}. */
    void set(Rows rows, int b, long slot, int crc) {
        synchronized (file) {
            Page p = page(rows, b >>> PAGE_SHIFT);
            int i = b & (PAGE - 1);
            if (i >= p.slots.length) {
                int n = Math.min(PAGE, Math.max(4, Integer.highestOneBit(i) * 2));
                bytes -= p.bytes();
                p.slots = Arrays.copyOf(p.slots, n);
                p.crcs = Arrays.copyOf(p.crcs, n);
                bytes += p.bytes();
                while (bytes > budget && count > 1) {
                    evict(p);
                }
            }
            p.slots[i] = slot;
            p.crcs[i] = crc;
            p.dirty = true;
        }
    }

    /** Saves every changed page (the end of writing); the pages stay in memory. */
    void flushAll() throws IOException {
        synchronized (file) {
            for (int i = 0; i < count; i++) {
                save(ring[i]);
            }
        }
    }

    /** Forgets the pages of {@code file}'s tables (it is being closed). */
    void clear() {
        synchronized (file) {
            for (int i = 0; i < count; i++) {
                ring[i].owner.pages[ring[i].page] = null;
                ring[i] = null;
            }
            count = 0;
            bytes = 0;
        }
    }

    private Page page(Rows rows, int p) {
        Page page = rows.pages[p];
        if (page != null) {
            page.used = true;
            return page;
        }
        long slot = rows.pageSlots[p];
        if (slot == 0) {
            if (file.sealed()) {
                throw file.damaged("page " + p + " of a table's block index has no slot");
            }
            page = new Page(rows, p, new long[0], new int[0]);
        } else {
            page = read(rows, p, slot);
        }
        while (bytes + page.bytes() > budget && count > 0) {
            evict(null);
        }
        if (count == ring.length) {
            ring = Arrays.copyOf(ring, count * 2);
        }
        ring[count++] = page;
        bytes += page.bytes();
        rows.pages[p] = page;
        return page;
    }

    private Page read(Rows rows, int p, long slot) {
        long[] data = new long[PAGE_LONGS];
        try {
            file.readSlot(slot, data, rows.pageCrcs[p], "page " + p + " of a table's block index");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long[] slots = Arrays.copyOf(data, PAGE);
        int[] crcs = new int[PAGE];
        for (int i = 0; i < PAGE; i++) {
            long two = data[PAGE + (i >>> 1)];
            crcs[i] = (int) ((i & 1) == 0 ? two : two >>> 32);
        }
        return new Page(rows, p, slots, crcs);
    }

    /** Drops the page the clock picks, but never {@code keep} (being written to). */
    private void evict(Page keep) {
        while (true) {
            if (hand >= count) {
                hand = 0;
            }
            Page p = ring[hand];
            if (p == keep) {
                hand++;
                continue;
            }
            if (p.used) {
                p.used = false;
                hand++;
                continue;
            }
            try {
                save(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            p.owner.pages[p.page] = null;
            ring[hand] = ring[--count];
            ring[count] = null;
            bytes -= p.bytes();
            return;
        }
    }

    private void save(Page p) throws IOException {
        if (!p.dirty) {
            return;
        }
        long[] data = new long[PAGE_LONGS];
        System.arraycopy(p.slots, 0, data, 0, p.slots.length);
        for (int i = 0; i < p.crcs.length; i++) {
            data[PAGE + (i >>> 1)] |= (p.crcs[i] & 0xFFFFFFFFL) << ((i & 1) * 32);
        }
        Rows r = p.owner;
        long slot = file.saveSlot(r.pageSlots[p.page], data);
        r.pageSlots[p.page] = slot;
        r.pageCrcs[p.page] = file.savedCrc();
        p.dirty = false;
    }
}
