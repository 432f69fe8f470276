package dev.paje.imports.otf2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The merge by time against a stable sort: every line once, by time, ties by location, each location's order kept. */
class MergeTest {
    /** A batch of times only. */
    private static final class Times extends Batch {
        Times(double[] t) {
            super(t.length);
            System.arraycopy(t, 0, times, 0, t.length);
            lines = t.length;
        }

        @Override
        int bytes() {
            return lines * 8;
        }

        @Override
        void moveLastTo(int line) {
        }
    }

    private static final class Batches implements Merge.Source {
        final ArrayDeque<Batch> batches = new ArrayDeque<>();
        int finished;

        @Override
        public Batch take() {
            return batches.poll();
        }

        @Override
        public void finished() {
            finished++;
        }
    }

    /** A line: its location, its position in that location's lines, its time. */
    private record Line(int location, int position, double time) {
    }

    @Test
    void mergesLikeAStableSortByTimeThenLocation() throws Exception {
        for (long s = 1; s <= 300; s++) {
            long seed = s;
            Random random = new Random(seed);
            int locations = 1 + random.nextInt(seed % 10 == 0 ? 40 : 9); // powers of two and not
            List<Batches> sources = new ArrayList<>();
            List<Line> expected = new ArrayList<>();
            for (int l = 0; l < locations; l++) {
                Batches source = new Batches();
                int lines = random.nextInt(seed % 7 == 0 ? 3 : 60); // empty locations too
                double t = random.nextInt(5);
                int position = 0;
                while (position < lines) {
                    int n = 1 + random.nextInt(Math.min(lines - position, 12));
                    double[] times = new double[n];
                    for (int i = 0; i < n; i++) {
                        t += random.nextInt(4) == 0 ? 0 : random.nextInt(3); // many ties, within and across
                        times[i] = t;
                        expected.add(new Line(l, position++, t));
                    }
                    source.batches.add(new Times(times));
                }
                sources.add(source);
            }
            expected.sort(Comparator.comparingDouble(Line::time).thenComparingInt(Line::location)
                    .thenComparingInt(Line::position));
            List<Line> merged = new ArrayList<>();
            int[] seen = new int[locations];
            Merge.merge(sources, (head, batch, from, to) -> {
                assertThat(to).as("seed %d: a run holds lines", seed).isGreaterThan(from);
                for (int k = from; k < to; k++) {
                    merged.add(new Line(head.index, seen[head.index]++, batch.times[k]));
                }
            });
            assertThat(merged).as("seed %d", seed).isEqualTo(expected);
            for (int l = 0; l < locations; l++) {
                boolean hadLines = seen[l] > 0;
                assertThat(sources.get(l).finished).as("seed %d: a location with lines is finished once", seed)
                        .isEqualTo(hadLines ? 1 : 0);
            }
        }
    }
}
