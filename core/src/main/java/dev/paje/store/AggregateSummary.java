package dev.paje.store;

/**
 * The precomputed aggregate of one inner container {@code c} for one state or variable type {@code T}: what its
 * members (the strict descendants holding {@code T}) do per time bucket, so that a zoomed-out aggregated row reads
 * kilobytes, not every member's rows. Per level {@code k}, buckets {@code [origin + b·w, origin + (b+1)·w)} of width
 * {@code w = width(k)} (powers of two from the trace's start, as the tables' {@link Pyramid}s), finest first, as
 * {@link Rows} in the store file (read through the block cache, checked like every other summary), only buckets with
 * something in them, in bucket order:
 * <ul>
 * <li>states, stride 2 {@code [bucket << 32 | value, time bits]}: the members' summed <em>innermost</em> (exclusive)
 * time in {@code value} within the bucket (a state's time minus its children's), in value order within a bucket;
 * <li>variables, stride 3 {@code [bucket, integral bits, defined bits]}: the members' summed integral (value × time)
 * and summed defined time within the bucket.
 * </ul>
 * Built at seal by {@link AggregateBuild}; open entities were closed at {@link #traceEnd()}.
 */
public final class AggregateSummary {
    /** Longs per state row: {@code bucket << 32 | value}, time bits. */
    public static final int STATE_STRIDE = 2;
    /** Longs per variable row: bucket, integral bits, defined-time bits. */
    public static final int VARIABLE_STRIDE = 3;

    private final TypeKind kind;
    private final double origin;
    private final double traceEnd;
    private final double[] widths;
    final Rows[] levels;

    AggregateSummary(TypeKind kind, double origin, double traceEnd, double[] widths, Rows[] levels) {
        if (kind != TypeKind.STATE && kind != TypeKind.VARIABLE) {
            throw new IllegalArgumentException("no aggregate of " + kind);
        }
        this.kind = kind;
        this.origin = origin;
        this.traceEnd = traceEnd;
        this.widths = widths;
        this.levels = levels;
    }

    static int stride(TypeKind kind) {
        return kind == TypeKind.STATE ? STATE_STRIDE : VARIABLE_STRIDE;
    }

    public TypeKind kind() {
        return kind;
    }

    public int levels() {
        return widths.length;
    }

    /** Bucket width of level {@code k} in seconds (a power of two; level 0 the finest). */
    public double width(int k) {
        return widths[k];
    }

    public double origin() {
        return origin;
    }

    /** The end given to the members' states and variables still open at seal. */
    public double traceEnd() {
        return traceEnd;
    }

    /** Rows of level {@code k}. */
    public int entries(int k) {
        return levels[k].size();
    }

    /** Rows of every level. */
    public long entries() {
        long n = 0;
        for (Rows r : levels) {
            n += r.size();
        }
        return n;
    }

    /** The bucket of row {@code i} of level {@code k}. */
    public long bucket(int k, int i) {
        long f = levels[k].get(i, 0);
        return kind == TypeKind.STATE ? f >>> 32 : f;
    }

    /** The bucket of a row {@link #copyEntries} copied into {@code rows} (at row {@code j}). */
    public long bucket(long[] rows, int j) {
        long f = rows[j * stride(kind)];
        return kind == TypeKind.STATE ? f >>> 32 : f;
    }

    /**
     * Copies rows {@code [i, i + n)} of level {@code k} (up to the end of a block at most) into {@code dst}; returns
     * how many were copied.
     */
    public int copyEntries(int k, int i, int n, long[] dst) {
        return levels[k].copy(i, n, dst);
    }

    /** Rows {@code [from, to)} of level {@code k} are about to be copied in order: read them ahead. */
    public void readAhead(int k, int from, int to) {
        levels[k].readAhead(from, to - from);
    }

    public double bucketStart(int k, long b) {
        return origin + b * widths[k];
    }

    /** The bucket of level {@code k} holding time {@code t}. */
    public long bucketOf(int k, double t) {
        return (long) Math.floor((t - origin) / widths[k]);
    }

    /** First row of level {@code k} whose bucket is at least {@code b}. */
    public int firstEntry(int k, long b) {
        return SortedSearch.first(0, levels[k].size(), b, i -> bucket(k, i), false);
    }

    /**
     * The level a view with pixels {@code pixel} seconds wide reads, or -1 for the members' rows: the coarsest level
     * whose buckets are at most a pixel wide (as {@link Pyramid#levelFor}), when open entities were closed at the
     * same {@code end}.
     */
    public int levelFor(double pixel, double end) {
        if (end != traceEnd && !(Double.isNaN(end) && Double.isNaN(traceEnd))) {
            return -1;
        }
        for (int k = widths.length - 1; k >= 0; k--) {
            if (widths[k] <= pixel) {
                return k;
            }
        }
        return -1;
    }

    /** A state row's value. */
    public static int stateValue(long[] rows, int j) {
        return (int) rows[j * STATE_STRIDE];
    }

    /** A state row's summed innermost time. */
    public static double stateTime(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STATE_STRIDE + 1]);
    }

    /** A variable row's summed integral (value × seconds). */
    public static double integral(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * VARIABLE_STRIDE + 1]);
    }

    /** A variable row's summed defined time. */
    public static double defined(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * VARIABLE_STRIDE + 2]);
    }
}
