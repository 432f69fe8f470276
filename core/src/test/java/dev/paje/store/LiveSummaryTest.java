package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summaries built while a table is written ({@link LiveSummary}) are those {@link Pyramid#build}
 * makes from the finished table with the same origin and widths: the same buckets and long lists, row
 * for row (bucket times summed in another order: equal to 1e-9 of a bucket). Seeded random tables:
 * nested and flat states (some open for long, some never closed), variables, events; dense and sparse
 * stretches, so that the level-0 width chosen from the first rows is not the one the whole table would give.
 */
class LiveSummaryTest {
    private static final double END_SLACK = 3.5;

    @Test
    void nestedStatesMatchTheBuildFromTheRows() {
        int summarized = 0;
        for (int seed = 0; seed < 12; seed++) {
            summarized += states(new Random(seed), false, 6) ? 1 : 0;
        }
        assertThat(summarized).as("tables with a summary").isGreaterThanOrEqualTo(10);
    }

    @Test
    void flatStatesMatchTheBuildFromTheRows() {
        int summarized = 0;
        for (int seed = 100; seed < 106; seed++) {
            summarized += states(new Random(seed), true, 6) ? 1 : 0;
        }
        assertThat(summarized).isGreaterThanOrEqualTo(5);
    }

    @Test
    void statesWithTooManyValuesPerBucketFailTheSameLevels() {
        for (int seed = 200; seed < 204; seed++) {
            states(new Random(seed), false, 60);
        }
    }

    @Test
    void variablesMatchTheBuildFromTheRows() {
        int summarized = 0;
        for (int seed = 0; seed < 12; seed++) {
            Random random = new Random(seed);
            VariableTable t = new VariableTable();
            t.live = LiveSummary.of(t, null);
            double now = 10 * random.nextDouble();
            int n = 5000 + random.nextInt(80_000);
            for (int i = 0; i < n; i++) {
                now += gap(random, i, n);
                t.step(now, random.nextInt(5) == 0 ? random.nextGaussian() : random.nextInt(7));
            }
            double end = now + END_SLACK * random.nextDouble();
            if (random.nextBoolean()) {
                t.close(now + random.nextDouble());
            }
            summarized += compare(t, end) ? 1 : 0;
        }
        assertThat(summarized).isGreaterThanOrEqualTo(10);
    }

    @Test
    void eventsMatchTheBuildFromTheRows() {
        int summarized = 0;
        for (int seed = 0; seed < 12; seed++) {
            Random random = new Random(seed);
            EventTable t = new EventTable();
            t.live = LiveSummary.of(t, null);
            double now = 10 * random.nextDouble();
            int n = 5000 + random.nextInt(80_000);
            for (int i = 0; i < n; i++) {
                now += random.nextInt(4) == 0 ? 0 : gap(random, i, n);
                t.add(now, random.nextInt(3));
            }
            summarized += compare(t, now + END_SLACK * random.nextDouble()) ? 1 : 0;
        }
        assertThat(summarized).isGreaterThanOrEqualTo(10);
    }

    @Test
    void smallTablesGetNoSummary() {
        StateTable t = new StateTable();
        t.live = LiveSummary.of(t, null);
        for (int i = 0; i < Pyramid.MIN_ROWS - 1; i++) {
            t.close(t.open(i, 1, 0), i + 0.5);
        }
        assertThat(t.live.finish(t, Pyramid.MIN_ROWS, Pyramid.MIN_PER_BUCKET)).isNull();
    }

    @Test
    void aStateClosedTwiceLeavesNoSummary() {
        // PajeNG's flat mode ends the states a push had ended again when clearing the stack: the live
        // summary had them with their first end, so it gives up rather than be wrong
        StateTable t = new StateTable();
        t.live = LiveSummary.of(t, null);
        int first = -1;
        for (int i = 0; i < 2 * Pyramid.MIN_ROWS; i++) {
            int r = t.open(i, i % 3, 0);
            first = first < 0 ? r : first;
            t.close(r, i + 0.5);
        }
        t.close(first, 2 * Pyramid.MIN_ROWS);
        assertThat(t.live.finish(t, 2 * Pyramid.MIN_ROWS, Pyramid.MIN_PER_BUCKET)).isNull();
    }

    @TempDir
    Path dir;

    @Test
    void levelsStagedInASmallBudgetAndWrittenToTheFileMatchTheBuild() throws IOException {
        // tables in a store file, their level rows staged in a budget of 4 KB shared by all (so the
        // largest stages are appended early and partly, the others in whole blocks) and a 64 KB pool
        StageBudget budget = new StageBudget(4 << 10);
        try (StoreFile file = StoreFile.create(dir.resolve("store"), true, 64 << 10, 1 << 20)) {
            Random random = new Random(7);
            StateTable[] states = new StateTable[6];
            VariableTable[] variables = new VariableTable[3];
            EventTable[] events = new EventTable[3];
            double now = 0;
            for (int i = 0; i < states.length; i++) {
                states[i] = (StateTable) EntityTable.create(TypeKind.STATE, file, null);
                states[i].live = LiveSummary.of(states[i], file, budget);
            }
            for (int i = 0; i < variables.length; i++) {
                variables[i] = (VariableTable) EntityTable.create(TypeKind.VARIABLE, file, null);
                variables[i].live = LiveSummary.of(variables[i], file, budget);
                events[i] = (EventTable) EntityTable.create(TypeKind.EVENT, file, null);
                events[i].live = LiveSummary.of(events[i], file, budget);
            }
            int[][] stacks = new int[states.length][8];
            int[] depth = new int[states.length];
            long most = 0;
            for (int step = 0; step < 400_000; step++) {
                now += gap(random, step, 400_000);
                int which = random.nextInt(12);
                if (which < 6) {
                    StateTable t = states[which];
                    if (depth[which] < 2 || (depth[which] < 6 && random.nextInt(3) > 0)) {
                        stacks[which][depth[which]] = t.open(now, random.nextInt(6), depth[which]);
                        depth[which]++;
                    } else {
                        t.close(stacks[which][--depth[which]], now);
                    }
                } else if (which < 9) {
                    variables[which - 6].step(now, random.nextInt(7));
                } else {
                    events[which - 9].add(now, random.nextInt(3));
                }
                most = Math.max(most, budget.longs() * 8);
            }
            assertThat(budget.sheds).as("times the budget was spent").isGreaterThan(10);
            assertThat(most).as("staged bytes at most").isLessThanOrEqualTo(4 << 10);
            double end = now + 1;
            int summarized = 0;
            for (EntityTable t : List.<EntityTable>of(states[0], states[1], states[2], states[3], states[4], states[5],
                    variables[0], variables[1], variables[2], events[0], events[1], events[2])) {
                summarized += compare(t, end) ? 1 : 0;
            }
            assertThat(summarized).isEqualTo(12);
        }
    }

    /** Time to the next change: dense and sparse stretches, now and then a long pause. */
    private static double gap(Random random, int i, int n) {
        double scale = (i / (n / 5)) % 2 == 0 ? 1e-3 : 2e-2;
        return random.nextInt(500) == 0 ? 2.0 * random.nextDouble() : scale * random.nextDouble();
    }

    /** A random state table as the simulator's stack writes it; true when it got a summary. */
    private static boolean states(Random random, boolean flat, int values) {
        StateTable t = new StateTable();
        t.live = LiveSummary.of(t, null);
        List<Integer> stack = new ArrayList<>();
        double now = 100 * random.nextDouble();
        int n = 5000 + random.nextInt(60_000);
        int outer = -1;
        if (random.nextBoolean()) {
            outer = t.open(now, 0, 0); // open for the whole table, closed at the end or never
            stack.add(outer);
        }
        while (t.size() < n) {
            now += gap(random, t.size(), n);
            boolean push = stack.size() < 2 || (stack.size() < 6 && random.nextInt(3) > 0);
            if (push) {
                if (flat && !stack.isEmpty()) {
                    t.close(stack.get(stack.size() - 1), now);
                }
                stack.add(t.open(now, random.nextInt(values), flat ? 0 : stack.size()));
            } else {
                int row = stack.remove(stack.size() - 1);
                t.close(row, now);
                if (flat && !stack.isEmpty()) {
                    int under = stack.remove(stack.size() - 1);
                    stack.add(t.open(now, t.value(under), t.level(under)));
                }
            }
        }
        if (random.nextBoolean()) {
            while (!stack.isEmpty()) {
                now += gap(random, 0, n);
                t.close(stack.remove(stack.size() - 1), now);
                if (flat) {
                    break; // the states under it were ended by the pushes
                }
            }
        }
        return compare(t, now + END_SLACK * random.nextDouble());
    }

    /**
     * Finishes {@code t}'s live summary and compares it with the build from its rows, and so the build at seal
     * ({@link LiveSummary#build}: the same builders fed the finished table's rows, origin before the first row);
     * true when both have one.
     */
    private static boolean compare(EntityTable t, double end) {
        boolean sealed = compareAtSeal(t, t.rows.getDouble(0, 0) - 1.25, end);
        return compareLive(t, end) && sealed;
    }

    /** The summary built at seal is {@link Pyramid#build}'s (its origin, its widths, its levels kept); true when there is one. */
    private static boolean compareAtSeal(EntityTable t, double start, double end) {
        int perBucket = Pyramid.minPerBucket(t);
        Pyramid sealed = LiveSummary.build(t, start, end, perBucket);
        Pyramid ref = Pyramid.build(t, start, end, null, perBucket);
        assertThat(sealed == null).as("no summary at seal, as Pyramid.build").isEqualTo(ref == null);
        if (ref == null) {
            return false;
        }
        assertThat(sealed.origin()).isEqualTo(start);
        assertThat(sealed.levels()).as("levels").isEqualTo(ref.levels());
        for (int k = 0; k < ref.levels(); k++) {
            assertThat(sealed.width(k)).as("level %d width", k).isEqualTo(ref.width(k));
        }
        sameRows(t, sealed, ref);
        sameAtSealInAFile(t, start, end, ref);
        return true;
    }

    /**
     * The build at seal as {@link SummaryBuild} makes it ({@link LiveSummary#buildAtSeal}: level rows in whole blocks
     * on the heap, copied into a store file later by another thread) gives {@code ref}'s rows: built once and written,
     * then built twice more before either is written, all three sharing one recycler of block arrays (a block given
     * back twice, or while still held, would be written by two summaries).
     */
    private static void sameAtSealInAFile(EntityTable t, double start, double end, Pyramid ref) {
        int perBucket = Pyramid.minPerBucket(t);
        BlockRecycler recycler = new BlockRecycler(1 << 20);
        try {
            Path where = java.nio.file.Files.createTempDirectory("paje-live-summary-test");
            Path path = where.resolve("store");
            try (StoreFile file = StoreFile.create(path, true, 64 << 10, 1 << 20)) {
                Pyramid first = LiveSummary.buildAtSeal(t, start, end, perBucket, recycler).writeTo(file);
                LiveSummary.AtSeal second = LiveSummary.buildAtSeal(t, start, end, perBucket, recycler);
                LiveSummary.AtSeal third = LiveSummary.buildAtSeal(t, start, end, perBucket, recycler);
                for (Pyramid p : new Pyramid[] {first, second.writeTo(file), third.writeTo(file)}) {
                    assertThat(p.levels()).as("levels at seal, in a file").isEqualTo(ref.levels());
                    assertThat(p.origin()).isEqualTo(ref.origin());
                    for (int k = 0; k < ref.levels(); k++) {
                        assertThat(p.width(k)).as("level %d width", k).isEqualTo(ref.width(k));
                    }
                    sameRows(t, p, ref);
                }
            } finally {
                java.nio.file.Files.deleteIfExists(path);
                java.nio.file.Files.deleteIfExists(where);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Finishes {@code t}'s live summary and compares it with the build from its rows; true when there is one. */
    private static boolean compareLive(EntityTable t, double end) {
        int perBucket = Pyramid.minPerBucket(t);
        LiveSummary building = t.live;
        Pyramid live = building.finish(t, end, perBucket);
        assertThat(building.mostOpen).as("buckets open at once in a level").isLessThanOrEqualTo(6);
        if (live == null) {
            return false;
        }
        double[] widths = new double[live.levels()];
        for (int k = 0; k < widths.length; k++) {
            widths[k] = live.width(k);
            if (k > 0) {
                assertThat(widths[k]).isEqualTo(2 * widths[k - 1]);
            }
        }
        assertThat(widths[widths.length - 1]).as("the coarsest level is one bucket").isGreaterThan(end - live.origin());
        Pyramid ref = Pyramid.build(t, live.origin(), end, null, perBucket, widths);
        assertThat(ref).isNotNull();
        assertThat(ref.levels()).isEqualTo(live.levels());
        assertThat(live.origin()).isEqualTo(t.rows.getDouble(0, 0));
        assertThat(live.traceEnd()).isEqualTo(end);
        sameRows(t, live, ref);
        return true;
    }

    /** {@code live}'s buckets and long lists are {@code ref}'s, row for row (state times to 1e-9 of a bucket). */
    private static void sameRows(EntityTable t, Pyramid live, Pyramid ref) {
        for (int k = 0; k < live.levels(); k++) {
            double[] widths = {live.width(k)};
            assertThat(live.entries(k)).as("level %d buckets", k).isEqualTo(ref.entries(k));
            for (int i = 0; i < live.entries(k); i++) {
                Rows a = live.buckets[k];
                Rows b = ref.buckets[k];
                for (int f = 0; f < a.stride(); f++) {
                    if (t instanceof StateTable && f == 2) {
                        assertThat(a.getDouble(i, f)).isCloseTo(b.getDouble(i, f), within(1e-9 * widths[0]));
                    } else {
                        assertThat(a.get(i, f)).as("level %d bucket row %d field %d", k, i, f).isEqualTo(b.get(i, f));
                    }
                }
            }
            assertThat(live.longCount(k)).as("level %d long list", k).isEqualTo(ref.longCount(k));
            for (int i = 0; i < live.longCount(k); i++) {
                for (int f = 0; f < 4; f++) {
                    assertThat(live.longs[k].get(i, f)).as("level %d long %d field %d", k, i, f)
                            .isEqualTo(ref.longs[k].get(i, f));
                }
            }
        }
    }
}
