package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LinkTable#sort}: complete links by start (stable), then the incomplete ones, whichever path it takes. */
class LinkTableSortTest {
    /** One link as the simulator would write it, and what the sorted table must hold. */
    private record Link(String key, double start, double end, boolean complete) {
    }

    @Test
    void linksCreatedByTheirStartsInOrderStayInCreationOrder() {
        Random random = new Random(17);
        LinkTable table = new LinkTable();
        List<Link> links = new ArrayList<>();
        List<int[]> open = new ArrayList<>();
        double t = 0;
        for (int i = 0; i < 5_000; i++) {
            t += random.nextInt(3) * 0.5; // equal starts too: the order among them is the creation order
            String key = "k" + i;
            int row = table.add(t, Double.NaN, 0, 1, -1, key);
            open.add(new int[] {row, i});
            links.add(new Link(key, t, t + 1 + i, true));
        }
        // completed in an order unrelated to their starts, as message ends arrive
        java.util.Collections.shuffle(open, random);
        for (int[] o : open) {
            Link l = links.get(o[1]);
            table.complete(o[0], l.start(), l.end(), 1, 2);
        }
        table.sort();
        assertSorted(table, links);
    }

    @Test
    void unmatchedLinksGoAfterTheCompleteOnesThoughCreatedInOrder() {
        for (long seed = 1; seed <= 20; seed++) {
            randomLinksSorted(seed, false);
        }
    }

    @Test
    void linksCreatedByTheirEndsOrUnmatchedAreSorted() {
        for (long seed = 1; seed <= 20; seed++) {
            randomLinksSorted(seed, true);
        }
    }

    /** 500 links, a tenth never matched and, with {@code endsFirst}, a tenth created by their ends; sorted, then checked. */
    private static void randomLinksSorted(long seed, boolean endsFirst) {
        Random random = new Random(seed);
        LinkTable table = new LinkTable();
        List<Link> links = new ArrayList<>();
        double t = 0;
        for (int i = 0; i < 500; i++) {
            t += random.nextInt(4) * 0.25;
            String key = "k" + i;
            int kind = random.nextInt(10);
            if (kind == 0 && endsFirst) { // its end came first: the start is known only when the link completes
                double start = Math.max(0, t - random.nextInt(8));
                int row = table.add(Double.NaN, t, 0, -1, 2, key);
                table.complete(row, start, t, 1, 2);
                links.add(new Link(key, start, t, true));
            } else if (kind == 1) { // never matched
                table.add(t, Double.NaN, 0, 1, -1, key);
                links.add(new Link(key, t, Double.NaN, false));
            } else {
                int row = table.add(t, Double.NaN, 0, 1, -1, key);
                table.complete(row, t, t + 2, 1, 2);
                links.add(new Link(key, t, t + 2, true));
            }
        }
        table.sort();
        assertSorted(table, links);
    }

    private static void assertSorted(LinkTable table, List<Link> links) {
        List<Link> expected = new ArrayList<>(links.stream().filter(Link::complete)
                .sorted(Comparator.comparingDouble(Link::start)).toList()); // List.sort is stable
        links.stream().filter(l -> !l.complete()).forEach(expected::add);
        List<Link> actual = new ArrayList<>();
        for (int r = 0; r < table.size(); r++) {
            actual.add(new Link(table.key(r), table.start(r), table.end(r), table.complete(r)));
        }
        assertThat(actual).containsExactlyElementsOf(expected);
        assertThat(table.completeCount()).isEqualTo((int) links.stream().filter(Link::complete).count());
    }
}
