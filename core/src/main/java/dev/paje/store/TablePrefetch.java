package dev.paje.store;

import java.util.Arrays;

/**
 * Brings a container's tables into the cache before a run of its events (the reader groups a chunk's records by
 * container): the tables, their rows and the row last written of each, read level by level, so that the cache misses
 * of one level (one per table) are in flight together instead of one after the other, event after event. Only reads:
 * what it returns is a sum that callers keep, so that the reads are not dropped as dead code. One per simulator.
 */
public final class TablePrefetch {
    private EntityTable[] tables = new EntityTable[8];
    private Rows[] rows = new Rows[8];

    /** Reads the tables of containers {@code cs[0..count)} where their next rows go; returns a sum of what it read. */
    public long touch(Container[] cs, int count) {
        int n = 0;
        for (int k = 0; k < count; k++) {
            EntityTable[] all = cs[k].tableArray();
            if (n + all.length > tables.length) {
                tables = Arrays.copyOf(tables, Math.max(n + all.length, 2 * tables.length));
                rows = new Rows[tables.length];
            }
            for (EntityTable t : all) {
                if (t != null) {
                    tables[n++] = t;
                }
            }
        }
        for (int i = 0; i < n; i++) { // the tables' lines, in flight together
            rows[i] = tables[i].rows;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) { // the rows' lines, then their write blocks' headers and last rows
            Rows r = rows[i];
            sum += r.touchData()[r.touchAt()];
        }
        for (int i = 0; i < n; i++) { // the aggregates' buckets written next
            AggregateLive.Feed f = tables[i].aggregateFeed;
            if (f != null) {
                sum += f.touch();
            }
        }
        return sum;
    }
}
