package dev.paje.collective;

import dev.paje.store.EventTable;
import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/** A table's rows as a {@link TimeMerge.Source}: as stored when already in time order, else sorted (stable). */
final class Sorted implements TimeMerge.Source {
    private final int size;
    private final IntToDoubleFunction time;
    private final int[] order; // null: row i is the i-th

    Sorted(int size, IntToDoubleFunction time) {
        this(size, time, null);
    }

    private Sorted(int size, IntToDoubleFunction time, int[] order) {
        this.size = size;
        this.time = time;
        this.order = order;
    }

    /** Events are stored in file order, which a valid trace keeps in time order; sorted when not. */
    static Sorted of(EventTable e) {
        int n = e.size();
        for (int i = 1; i < n; i++) {
            if (e.time(i) < e.time(i - 1)) {
                Integer[] boxed = new Integer[n];
                Arrays.setAll(boxed, k -> k);
                Arrays.sort(boxed, (a, b) -> Double.compare(e.time(a), e.time(b)));
                return new Sorted(n, e::time, Arrays.stream(boxed).mapToInt(Integer::intValue).toArray());
            }
        }
        return new Sorted(n, e::time);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public double time(int i) {
        return time.applyAsDouble(row(i));
    }

    @Override
    public int row(int i) {
        return order == null ? i : order[i];
    }
}
