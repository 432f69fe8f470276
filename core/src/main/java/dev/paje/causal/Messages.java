package dev.paje.causal;

import dev.paje.store.Trace;
import java.util.Arrays;

/**
 * The complete links of a trace as messages between instants ({@link Timelines}), with, per
 * receiving container, its incoming messages in instant order (compressed rows).
 */
final class Messages {
    final int[] srcC;
    final int[] srcI;
    final int[] dstC;
    final int[] dstI;
    /** End minus start, in the trace's clocks: the most negative is the worst tachyon. */
    final double[] gap;
    /** Message ids by receiving container then receiving instant. */
    final int[] incoming;
    /** Container c's incoming messages are {@code incoming[first[c] .. first[c + 1])}. */
    final int[] first;

    private Messages(int m, int containers) {
        srcC = new int[m];
        srcI = new int[m];
        dstC = new int[m];
        dstI = new int[m];
        gap = new double[m];
        incoming = new int[m];
        first = new int[containers + 1];
    }

    static Messages of(Trace trace, Timelines lines) {
        long count = Links.count(trace);
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many links for logical time: " + count);
        }
        int containers = trace.containers().size();
        Messages m = new Messages((int) count, containers);
        int[] k = {0};
        Links.forEach(trace, (holder, type, table, row) -> {
            int i = k[0]++;
            m.srcC[i] = table.from(row);
            m.dstC[i] = table.to(row);
            m.srcI[i] = lines.index(m.srcC[i], table.start(row));
            m.dstI[i] = lines.index(m.dstC[i], table.end(row));
            m.gap[i] = table.end(row) - table.start(row);
            m.first[m.dstC[i] + 1]++;
        });
        for (int c = 0; c < containers; c++) {
            m.first[c + 1] += m.first[c];
        }
        int[] fill = Arrays.copyOf(m.first, containers);
        for (int i = 0; i < count; i++) {
            m.incoming[fill[m.dstC[i]]++] = i;
        }
        for (int c = 0; c < containers; c++) {
            sortByInstant(m, m.first[c], m.first[c + 1]);
        }
        return m;
    }

    /** Sorts {@code incoming[from, to)} by receiving instant (links mostly arrive in order already). */
    private static void sortByInstant(Messages m, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            int id = m.incoming[from + i];
            keys[i] = ((long) m.dstI[id] << 32) | id;
        }
        Arrays.sort(keys);
        for (int i = 0; i < n; i++) {
            m.incoming[from + i] = (int) keys[i];
        }
    }

    int size() {
        return srcC.length;
    }
}
