package dev.paje.causal;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Lamport clocks over the instants of every container: an instant's clock is one more than the
 * largest of its predecessor's in the container and those of the sends whose messages it receives
 * (the first instant of a container with nothing received is 0). Containers advance independently
 * from a work queue; one that needs a send not yet clocked waits on the sender. Should every
 * container wait (clocks so far off that messages form a cycle), the waiting message that goes
 * furthest back in time is ignored, and counted.
 */
final class LamportClocks {
    final int[][] clock;
    final boolean[] broken;
    int brokenCount;

    private final double[][] times;
    private final Messages msg;
    private final int[] cursor;
    private final int[] inPtr;
    private final int[] partial;
    private final int[] blockedOn;
    private final int[][] waiters;
    private final int[] waiterCount;
    private final ArrayDeque<Integer> ready = new ArrayDeque<>();

    LamportClocks(Timelines lines, Messages msg) {
        this.times = lines.times;
        this.msg = msg;
        int n = times.length;
        clock = new int[n][];
        for (int c = 0; c < n; c++) {
            clock[c] = new int[times[c].length];
        }
        broken = new boolean[msg.size()];
        cursor = new int[n];
        inPtr = Arrays.copyOf(msg.first, n);
        partial = new int[n];
        Arrays.fill(partial, -1);
        blockedOn = new int[n];
        Arrays.fill(blockedOn, -1);
        waiters = new int[n][];
        waiterCount = new int[n];
        for (int c = 0; c < n; c++) {
            ready.add(c);
        }
        solve();
    }

    private void solve() {
        int n = times.length;
        while (true) {
            while (!ready.isEmpty()) {
                int c = ready.poll();
                run(c);
                wake(c);
            }
            int worst = -1;
            for (int c = 0; c < n; c++) {
                if (blockedOn[c] >= 0 && (worst < 0 || msg.gap[blockedOn[c]] < msg.gap[blockedOn[worst]])) {
                    worst = c;
                }
            }
            if (worst < 0) {
                return; // every container is done
            }
            int m = blockedOn[worst];
            broken[m] = true;
            brokenCount++;
            unwait(msg.srcC[m], worst);
            blockedOn[worst] = -1;
            ready.add(worst);
        }
    }

    /** Clocks container {@code c}'s instants until it is done or needs a send not clocked yet. */
    private void run(int c) {
        int n = times[c].length;
        int[] lam = clock[c];
        int end = msg.first[c + 1];
        while (cursor[c] < n) {
            int i = cursor[c];
            int val = partial[c] >= 0 ? partial[c] : (i == 0 ? 0 : lam[i - 1] + 1);
            while (inPtr[c] < end && msg.dstI[msg.incoming[inPtr[c]]] == i) {
                int m = msg.incoming[inPtr[c]];
                int s = msg.srcC[m];
                int si = msg.srcI[m];
                if (!broken[m]) {
                    if (s == c && si >= i) {
                        if (si > i) { // back in time within one container: can never be clocked
                            broken[m] = true;
                            brokenCount++;
                        }
                    } else if (cursor[s] <= si) {
                        partial[c] = val;
                        blockedOn[c] = m;
                        addWaiter(s, c);
                        return;
                    } else {
                        val = Math.max(val, clock[s][si] + 1);
                    }
                }
                inPtr[c]++;
            }
            lam[i] = val;
            partial[c] = -1;
            cursor[c] = i + 1;
        }
    }

    /** Requeues the containers waiting on {@code s} whose send is now clocked. */
    private void wake(int s) {
        int[] w = waiters[s];
        int kept = 0;
        for (int k = 0; k < waiterCount[s]; k++) {
            int c = w[k];
            int m = blockedOn[c];
            if (m >= 0 && msg.srcC[m] == s && cursor[s] > msg.srcI[m]) {
                blockedOn[c] = -1;
                ready.add(c);
            } else if (m >= 0 && msg.srcC[m] == s) {
                w[kept++] = c;
            }
        }
        waiterCount[s] = kept;
    }

    private void addWaiter(int s, int c) {
        if (waiters[s] == null) {
            waiters[s] = new int[4];
        } else if (waiterCount[s] == waiters[s].length) {
            waiters[s] = Arrays.copyOf(waiters[s], waiterCount[s] * 2);
        }
        waiters[s][waiterCount[s]++] = c;
    }

    private void unwait(int s, int c) {
        int kept = 0;
        for (int k = 0; k < waiterCount[s]; k++) {
            if (waiters[s][k] != c) {
                waiters[s][kept++] = waiters[s][k];
            }
        }
        waiterCount[s] = kept;
    }
}
