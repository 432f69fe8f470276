package dev.paje.collective;

import dev.paje.store.Type;
import java.util.Arrays;

/** The members gathered so far for one operation, while a sweep is still adding to it. */
final class Draft {
    final Collective.Kind kind;
    final Collective.Basis basis;
    final Type type;
    final String value;
    int valueIndex;
    double start = Double.POSITIVE_INFINITY;
    double end = Double.NEGATIVE_INFINITY;
    double lastStart = Double.NEGATIVE_INFINITY;
    private int[] holders = new int[8];
    private int[] rows = new int[8];
    private int[] containers = new int[16];
    private int size;
    private int containerCount;

    Draft(Collective.Kind kind, Collective.Basis basis, Type type, String value, int valueIndex) {
        this.kind = kind;
        this.basis = basis;
        this.type = type;
        this.value = value;
        this.valueIndex = valueIndex;
    }

    /** Adds a member starting at {@code s}, ending at {@code e}, involving containers {@code a} and {@code b}. */
    void add(int holder, int row, int valueOfRow, double s, double e, int a, int b) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, size * 2);
            holders = Arrays.copyOf(holders, size * 2);
        }
        holders[size] = holder;
        rows[size++] = row;
        if (valueOfRow != valueIndex) {
            valueIndex = -1; // a key rule may gather several values
        }
        start = Math.min(start, s);
        end = Math.max(end, Math.max(s, e));
        lastStart = Math.max(lastStart, s);
        involve(a);
        if (b != a) {
            involve(b);
        }
    }

    private void involve(int c) {
        if (containerCount + 1 >= containers.length) {
            compact();
            if (containerCount + 1 >= containers.length) {
                containers = Arrays.copyOf(containers, containers.length * 2);
            }
        }
        containers[containerCount++] = c;
    }

    /** Sorts and removes duplicate container ids, keeping memory at O(distinct containers). */
    private int compact() {
        Arrays.sort(containers, 0, containerCount);
        int k = 0;
        for (int i = 0; i < containerCount; i++) {
            if (k == 0 || containers[i] != containers[k - 1]) {
                containers[k++] = containers[i];
            }
        }
        containerCount = k;
        return k;
    }

    int members() {
        return size;
    }

    /** The distinct containers involved. */
    int distinctContainers() {
        return compact();
    }

    Collective build(int id) {
        compact();
        return new Collective(id, kind, basis, type, value, valueIndex, start, end,
                Arrays.copyOf(containers, containerCount), Arrays.copyOf(holders, size), Arrays.copyOf(rows, size));
    }
}
