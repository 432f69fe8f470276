package dev.paje.collective;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The sweep against a brute-force grouping (every candidate sorted by type, value and time, then
 * chained) on every valid corpus trace, and the SimGrid SMPI ring, whose keys name each step.
 */
class CollectivesCorpusTest {
    private record Item(int type, int value, double start, double end, int holder, int row, int a, int b) {
    }

    /** Member sets "type:holder:row,..." of each operation the brute force finds. */
    private static Set<String> bruteForce(Trace trace, double tol, int k) {
        List<Item> items = new ArrayList<>();
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.LINK && c.links(t) != null) {
                    LinkTable l = c.links(t);
                    for (int r = 0; r < l.size(); r++) {
                        if (l.complete(r)) {
                            items.add(new Item(t.id(), l.value(r), l.start(r), l.end(r), c.id(), r, l.from(r), l.to(r)));
                        }
                    }
                } else if (t.kind() == TypeKind.EVENT && c.events(t) != null) {
                    EventTable e = c.events(t);
                    for (int r = 0; r < e.size(); r++) {
                        items.add(new Item(t.id(), e.value(r), e.time(r), e.time(r), c.id(), r, c.id(), c.id()));
                    }
                }
            }
        }
        items.sort(Comparator.comparingInt(Item::type).thenComparingInt(Item::value).thenComparingDouble(Item::start));
        Set<String> out = new HashSet<>();
        List<Item> run = new ArrayList<>();
        for (int i = 0; i <= items.size(); i++) {
            Item it = i < items.size() ? items.get(i) : null;
            Item last = run.isEmpty() ? null : run.get(run.size() - 1);
            if (last != null && (it == null || it.type() != last.type() || it.value() != last.value()
                    || it.start() - last.start() > tol + 2 * Math.ulp(it.start()))) {
                Set<Integer> cs = new HashSet<>();
                run.forEach(m -> { cs.add(m.a()); cs.add(m.b()); });
                if (run.size() >= 2 && cs.size() >= k) {
                    TreeSet<String> members = new TreeSet<>();
                    run.forEach(m -> members.add(m.type() + ":" + m.holder() + ":" + m.row()));
                    out.add(String.join(",", members));
                }
                run.clear();
            }
            if (it != null) {
                run.add(it);
            }
        }
        return out;
    }

    private static Set<String> memberSets(Collectives found) {
        Set<String> out = new HashSet<>();
        for (Collective c : found.all()) {
            TreeSet<String> members = new TreeSet<>();
            for (int i = 0; i < c.members(); i++) {
                members.add(c.type().id() + ":" + c.holders()[i] + ":" + c.rows()[i]);
            }
            out.add(String.join(",", members));
        }
        return out;
    }

    @Test
    void theSweepFindsWhatABruteForceFindsOnEveryValidTrace() throws Exception {
        int traces = 0;
        int operations = 0;
        for (Path p : Corpus.traces("valid")) {
            TraceLoader.Loaded loaded = TraceLoader.builder().legacyNames(true).ignoreIncompleteLinks(true).build().load(p);
            if (!loaded.valid()) {
                continue;
            }
            Trace trace = loaded.trace();
            for (int k : new int[] {2, 3}) {
                Collectives found = Collectives.find(trace, CollectiveOptions.defaults().withMinContainers(k));
                assertThat(memberSets(found)).as("%s, K=%d", p.getFileName(), k)
                        .isEqualTo(bruteForce(trace, found.tolerance(), k));
                for (Collective c : found.all()) {
                    assertThat(c.containers().length).isGreaterThanOrEqualTo(k);
                    assertThat(c.end()).isGreaterThanOrEqualTo(c.start());
                }
                operations += found.size();
            }
            traces++;
        }
        assertThat(traces).isGreaterThan(20);
        assertThat(operations).as("the corpus has collectives to find").isGreaterThan(0);
    }

    @Test
    void theSmpiRingKeysNameFiftyStepsOfSixteenRanks() throws Exception {
        Path p = Corpus.root().resolve("traces/valid/simgrid-3.32-smpi-ring-16ranks-50it.trace");
        Trace trace = TraceLoader.builder().build().load(p).trace();
        // SimGrid's keys are SRC_DST_TAG_SEQ; the ring uses the iteration as its tag
        Collectives byKey = Collectives.find(trace, CollectiveOptions.defaults().withKeyRule(Pattern.compile("^\\d+_\\d+_(\\d+)_")));
        List<Collective> links = byKey.all().stream().filter(c -> c.kind() == Collective.Kind.LINK).toList();
        assertThat(links).hasSize(50);
        assertThat(links).allSatisfy(c -> {
            assertThat(c.members()).isEqualTo(16);
            assertThat(c.containers()).hasSize(16);
            assertThat(c.basis()).isEqualTo(Collective.Basis.KEY);
        });
        Collectives byTime = Collectives.find(trace, CollectiveOptions.defaults());
        assertThat(byTime.tolerance()).isEqualTo(1e-6);
        assertThat(byTime.all()).isNotEmpty().allSatisfy(c -> assertThat(c.value()).isEqualTo("PTP"));
        assertThat(byTime.get(0).start()).isEqualTo(0.0);
        assertThat(byTime.get(0).members()).isEqualTo(16); // every rank sends at 0
    }
}
