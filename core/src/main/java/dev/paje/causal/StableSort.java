package dev.paje.causal;

/** A stable merge sort of indices by a double key, on primitive arrays (a trace may have millions of lines). */
final class StableSort {
    private StableSort() {
    }

    /** {@code order} sorted by {@code key[order[i]]}, equal keys in their order; returns the sorted array. */
    static int[] byKey(int[] order, double[] key) {
        int[] a = order;
        int[] b = new int[order.length];
        for (int width = 1; width < a.length; width *= 2) {
            for (int lo = 0; lo < a.length; lo += 2 * width) {
                int mid = Math.min(lo + width, a.length);
                int hi = Math.min(lo + 2 * width, a.length);
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    // <= keeps the left one first: equal keys stay in file order
                    b[k] = i < mid && (j >= hi || key[a[i]] <= key[a[j]]) ? a[i++] : a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }
}
