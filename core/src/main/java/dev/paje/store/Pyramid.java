package dev.paje.store;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.IntFunction;

/**
 * What the multi-resolution summaries of a table ({@link StateSummary}, {@link VariableSummary},
 * {@link EventSummary}) share: per level {@code k}, time buckets {@code [origin + b·w, origin + (b+1)·w)}
 * of width {@code w = base·2^k}, as {@link Rows} whose field 0 is the bucket (rows in bucket order,
 * only buckets with something in them), and for the kinds that need one a <em>long list</em>: the
 * entities at least {@code w} long, copied whole in start order, field 0 their start.
 *
 * <p>Levels are built only where a bucket holds at least {@link #MIN_PER_BUCKET} rows on average,
 * up to the level of one bucket, and kept only when reading one costs less than half the table's
 * rows (else it would never be read, see {@link #levelFor}).
 */
public abstract class Pyramid {
    /** Tables with fewer rows are not summarized. */
    public static final int MIN_ROWS = 4096;
    /**
     * Rows per bucket on average for a level to be worth building: small, so that a window just too
     * fine for the finest level reads few rows per pixel (levels costing more than half the rows are dropped anyway).
     */
    public static final int MIN_PER_BUCKET = 8;
    /**
     * Rows per bucket for the large variables ({@link #FINE_ROWS} rows or more): 2, two levels finer. A
     * window whose pixel is just finer than a level reads the rows, and for such a variable (a node's
     * memory, 84 k steps in 220 s) that was up to 13 k steps each in a tenth of the trace: the bulk of mid-zoom
     * answers. Variable levels are small (their long lists are short) and few tables are that large;
     * all tables at 2 per bucket cost a third more store and first load (bench/RESULTS.md, 2026-11-25).
     */
    public static final int FINE_PER_BUCKET = 2;
    /** Rows from which a variable's levels go down to {@link #FINE_PER_BUCKET} rows per bucket. */
    public static final int FINE_ROWS = 1 << 16;

    /** Rows per bucket on average for {@code table}'s finest level. */
    public static int minPerBucket(EntityTable table) {
        return table instanceof VariableTable && table.size() >= FINE_ROWS ? FINE_PER_BUCKET : MIN_PER_BUCKET;
    }

    /** The parts of a pyramid, as built or as read back from a store (longs null: no long lists). */
    record Levels(double origin, double traceEnd, double[] widths, Rows[] buckets, Rows[] longs) {
    }

    /** The kinds of table with a summary: the shape of their rows, and what builds and holds their levels. */
    enum Kind {
        STATE, VARIABLE, EVENT;

        /** The kind of {@code table}'s summary, or null for a kind without one (links). */
        static Kind of(EntityTable table) {
            if (table instanceof StateTable) {
                return STATE;
            }
            if (table instanceof VariableTable) {
                return VARIABLE;
            }
            return table instanceof EventTable ? EVENT : null;
        }

        int bucketStride() {
            return switch (this) {
                case STATE -> StateSummary.BUCKET_STRIDE;
                case VARIABLE -> VariableSummary.BUCKET_STRIDE;
                case EVENT -> EventSummary.BUCKET_STRIDE;
            };
        }

        /** Fields of a long-list row (0: no long lists). */
        int longStride() {
            return switch (this) {
                case STATE -> StateSummary.LONG_STRIDE;
                case VARIABLE -> VariableSummary.LONG_STRIDE;
                case EVENT -> 0;
            };
        }

        /** The summary made of {@code levels} (as built, copied or read back). */
        Pyramid summary(Levels levels) {
            return switch (this) {
                case STATE -> new StateSummary(levels);
                case VARIABLE -> new VariableSummary(levels);
                case EVENT -> new EventSummary(levels);
            };
        }
    }

    private final Kind kind;
    private final double origin;
    private final double traceEnd;
    private final double[] widths;
    final Rows[] buckets;
    final Rows[] longs;

    Pyramid(Kind kind, Levels l) {
        this.kind = kind;
        this.origin = l.origin();
        this.traceEnd = l.traceEnd();
        this.widths = l.widths();
        this.buckets = l.buckets();
        this.longs = l.longs();
    }

    /** The level-0 width for a trace of {@code duration}: duration / 2^20 rounded down to a power of two. */
    static double base(double duration) {
        return Math.scalb(1.0, Math.getExponent(duration / (1 << 20)));
    }

    public int levels() {
        return widths.length;
    }

    /** The level of width {@code w}, or -1. */
    int levelOf(double w) {
        for (int k = 0; k < widths.length; k++) {
            if (widths[k] == w) {
                return k;
            }
        }
        return -1;
    }

    /** Bucket width of level {@code k}, in seconds (a power of two). */
    public double width(int k) {
        return widths[k];
    }

    /** Where bucket 0 of every level starts (the trace's start). */
    public double origin() {
        return origin;
    }

    /** The end given to entities still open when the summary was built. */
    public double traceEnd() {
        return traceEnd;
    }

    /** Rows of level {@code k}'s buckets. */
    public int entries(int k) {
        return buckets[k].size();
    }

    /** Entities of level {@code k}'s long list (0 for kinds without one). */
    public int longCount(int k) {
        return longs == null ? 0 : longs[k].size();
    }

    /** The bucket of row {@code i} of level {@code k}. */
    public long bucket(int k, int i) {
        return buckets[k].get(i, 0);
    }

    /**
     * Copies bucket rows {@code [i, i + n)} of level {@code k} (up to the end of a block at most) into
     * {@code dst}, the kind's {@code BUCKET_STRIDE} longs per row, field 0 the bucket; returns how many were copied.
     */
    public int copyEntries(int k, int i, int n, long[] dst) {
        return buckets[k].copy(i, n, dst);
    }

    /** Bucket rows {@code [from, to)} of level {@code k} are about to be copied in order: read them ahead ({@link Rows#readAhead}). */
    public void readAhead(int k, int from, int to) {
        buckets[k].readAhead(from, to - from);
    }

    /** The bucket of level {@code k} holding time {@code t}. */
    public long bucketOf(int k, double t) {
        return (long) Math.floor((t - origin) / widths[k]);
    }

    public double bucketStart(int k, long b) {
        return origin + b * widths[k];
    }

    /** First row of level {@code k}'s buckets whose bucket is at least {@code b}. */
    public int firstEntry(int k, long b) {
        Rows r = buckets[k];
        return SortedSearch.first(0, r.size(), b, i -> r.get(i, 0), false); // buckets are far below 2^53: exact as doubles
    }

    /** The rows {@code [first, end)} of level {@code k}'s buckets that touch the window {@code [start, end]}. */
    public int[] entriesIn(int k, double start, double end) {
        return new int[] {firstEntry(k, bucketOf(k, start)), firstEntry(k, bucketOf(k, end) + 1)};
    }

    public double longStart(int k, int i) {
        return longs[k].getDouble(i, 0);
    }

    /** The end of long entity {@code i} of level {@code k} (the trace's end for one still open). */
    public double longEnd(int k, int i) {
        return longs[k].getDouble(i, 1);
    }

    /** The table row long entity {@code i} of level {@code k} is a copy of. */
    public int longRow(int k, int i) {
        return (int) longs[k].get(i, 3);
    }

    /** First entity of level {@code k}'s long list starting at or after {@code t}. */
    public int firstLong(int k, double t) {
        Rows r = longs[k];
        return SortedSearch.first(0, r.size(), t, i -> r.getDouble(i, 0), false);
    }

    /**
     * The level a view with pixels {@code pixel} seconds wide should read, or -1 for the rows: the
     * coarsest level whose buckets are at most a pixel wide, when reading it costs less than half
     * the table's rows (and the open entities were closed at the same end).
     */
    public int levelFor(double pixel, double end, int rows) {
        if (end != traceEnd && !(Double.isNaN(end) && Double.isNaN(traceEnd))) {
            return -1;
        }
        for (int k = widths.length - 1; k >= 0; k--) {
            if (widths[k] <= pixel) {
                return cost(k) * 2 <= rows ? k : -1;
            }
        }
        return -1;
    }

    private long cost(int k) {
        return (long) buckets[k].size() + longCount(k);
    }

    /** This summary with its rows copied into {@code file} (it was built on the heap). */
    final Pyramid copyTo(StoreFile file) {
        return kind.summary(levelsIn(file));
    }

    /** The levels of this summary, their rows copied into {@code file}. */
    private Levels levelsIn(StoreFile file) {
        Rows[] b = new Rows[buckets.length];
        Rows[] l = longs == null ? null : new Rows[longs.length];
        long[] block = null;
        for (int k = 0; k < b.length; k++) {
            block = block != null && block.length == buckets[k].blockLongs() ? block : new long[buckets[k].blockLongs()];
            b[k] = copy(buckets[k], file, block);
            if (l != null) {
                l[k] = copy(longs[k], file, new long[longs[k].blockLongs()]);
            }
        }
        return new Levels(origin, traceEnd, widths, b, l);
    }

    /**
     * {@code from}'s rows (on the heap) appended to new rows in {@code file} a block at a time, straight to the file
     * ({@link Rows#appendBlock}, {@link Rows#appendLastBlock}: no frame in the writer's pool); {@code block} is reused.
     * Row by row through the pool this copy was a tenth of the seal's summaries on 10 GB (126 M rows).
     */
    static Rows copy(Rows from, StoreFile file, long[] block) {
        int stride = from.stride();
        Rows to = new Rows(stride, file);
        for (int r0 = 0, n = from.size(); r0 < n; r0 += Rows.BLOCK_ROWS) {
            int m = Math.min(Rows.BLOCK_ROWS, n - r0);
            for (int i = 0; i < m; i++) {
                for (int f = 0; f < stride; f++) {
                    block[i * stride + f] = from.get(r0 + i, f);
                }
            }
            // the last rows too (zeros after them, as the pool saves them): read from other threads once published, none may
            // sit in the writer's pool, whose eviction forgot a frame before its slot was written (a reader found neither)
            boolean appended = m < Rows.BLOCK_ROWS ? to.appendLastBlock(block, m) : to.appendBlock(block);
            if (!appended) {
                to.addAll(block, m);
            }
        }
        return to;
    }

    // ---- building

    /**
     * The widths worth building for {@code n} rows over {@code [start, end]} whose first starts at
     * {@code first}: those whose buckets hold {@code minPerBucket} rows on average, up to one bucket.
     */
    static List<Double> widths(int n, double start, double end, double first, int minPerBucket) {
        List<Double> out = new ArrayList<>();
        double duration = end - start;
        if (n == 0 || !(duration > 0)) {
            return out;
        }
        double span = Math.max(end - first, duration / (1 << 20));
        for (double w = base(duration); ; w *= 2) {
            if ((double) n * Math.min(w, span) / span >= minPerBucket) {
                out.add(w);
            }
            if (w > duration) {
                return out;
            }
        }
    }

    /**
     * Builds the summary of {@code table} (rows in {@code file}, or on the heap when null) for a trace
     * spanning {@code [start, end]}, with levels holding at least {@code minPerBucket} rows per bucket on
     * average; null for a table without summaries (links) or when no level is worth building.
     */
    static Pyramid build(EntityTable table, double start, double end, StoreFile file, int minPerBucket) {
        return build(table, start, end, file, minPerBucket, null);
    }

    /**
     * {@link #build(EntityTable, double, double, StoreFile, int)} with the levels of {@code widths} from
     * origin {@code start} when not null (the reference the summaries built while writing are tested against).
     */
    static Pyramid build(EntityTable table, double start, double end, StoreFile file, int minPerBucket, double[] widths) {
        Kind kind = Kind.of(table);
        return kind == null ? null : switch (kind) {
            case STATE -> StateSummary.build((StateTable) table, start, end, file, minPerBucket, widths);
            case VARIABLE -> VariableSummary.build((VariableTable) table, start, end, file, minPerBucket, widths);
            case EVENT -> EventSummary.build((EventTable) table, start, end, file, minPerBucket, widths);
        };
    }

    /**
     * Feeds row {@code r} of a table to the levels being built (reading it once for all of them). One
     * loop per kind: with one call site for the three kinds of level, building was up to 1.6x slower.
     */
    interface Feed<L extends Level> {
        void row(L[] levels, int r);
    }

    /**
     * Builds the levels worth it for {@code n} rows over {@code [start, end]} whose first starts at
     * {@code first}: makes them with {@code make}, feeds them every row, keeps the useful ones.
     */
    static <L extends Level> Levels levels(int n, double start, double end, double first, int minPerBucket,
            double[] at, IntFunction<L[]> array, DoubleFunction<L> make, Feed<L> feed) {
        List<Double> widths = at == null ? widths(n, start, end, first, minPerBucket)
                : java.util.Arrays.stream(at).boxed().toList();
        if (widths.isEmpty()) {
            return null;
        }
        L[] ls = array.apply(widths.size());
        for (int k = 0; k < ls.length; k++) {
            ls[k] = make.apply(widths.get(k));
        }
        for (int r = 0; r < n; r++) {
            feed.row(ls, r);
        }
        return keep(ls, n, start, end);
    }

    /** One level being built: its buckets and long list, in the table's home. */
    abstract static class Level {
        final double w;
        final double origin;
        final Rows out;
        final Rows longs;
        /** Set when the level cannot be built (then neither can any coarser one). */
        boolean failed;

        Level(Kind kind, double w, double origin, StoreFile file) {
            this.w = w;
            this.origin = origin;
            this.out = EntityTable.rows(kind.bucketStride(), file);
            this.longs = kind.longStride() == 0 ? null : EntityTable.rows(kind.longStride(), file);
        }

        long bucketOf(double t) {
            return (long) Math.floor((t - origin) / w);
        }

        /** Copies an entity at least a bucket long into the long list: start, end, {@code field}, row. */
        final void addLong(double s, double e, long field, int row) {
            int r = longs.add();
            longs.setDouble(r, 0, s);
            longs.setDouble(r, 1, e);
            longs.set(r, 2, field);
            longs.set(r, 3, row);
        }

        /** Emits the buckets still open. */
        abstract void flush();

        final void finish() {
            flush();
            out.trim();
            if (longs != null) {
                longs.trim();
            }
        }
    }

    /**
     * The levels of {@code ls} (finest first) that were built (up to the first failed one) and are
     * cheaper than half of the table's {@code n} rows, or null when none is.
     */
    private static Levels keep(Level[] ls, int n, double start, double end) {
        List<Level> useful = new ArrayList<>();
        for (Level l : ls) {
            if (l.failed) {
                break;
            }
            l.finish();
            if (((long) l.out.size() + (l.longs == null ? 0 : l.longs.size())) * 2 <= n) {
                useful.add(l);
            }
        }
        if (useful.isEmpty()) {
            return null;
        }
        int m = useful.size();
        double[] widths = new double[m];
        Rows[] buckets = new Rows[m];
        Rows[] longs = ls[0].longs == null ? null : new Rows[m];
        for (int k = 0; k < m; k++) {
            widths[k] = useful.get(k).w;
            buckets[k] = useful.get(k).out;
            if (longs != null) {
                longs[k] = useful.get(k).longs;
            }
        }
        return new Levels(start, end, widths, buckets, longs);
    }
}
