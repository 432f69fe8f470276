package dev.paje.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The viewer's search, asked directly (no HTTP) over the bundled hello.trace. */
class SearchTest {
    private static Trace trace;

    @BeforeAll
    static void load() throws IOException {
        trace = TraceLoader.builder().build().load(Path.of("../examples/hello.trace")).trace();
    }

    private static Search.Result find(String q, double start, double end, int limit) {
        return Search.find(trace, SearchConditions.parse(q), trace.containers(), start, end, limit);
    }

    private static String name(int container) {
        return DisplayNames.name(trace.containers().get(container).name());
    }

    @Test
    void plainTextFindsValuesUserFieldsAndContainerNames() {
        Search.Result r = find("io", 0, 4, 1000);
        // value names are searched, not their aliases ("Reading file" is io): the state whose File is io.c,
        // and the threads named "rank N / io"
        assertThat(r.matches()).extracting(EntityMatcher.Match::kind).containsOnly("state");
        assertThat(r.matches()).extracting(m -> m.start()).containsExactly(1.4);
        assertThat(r.containers()).extracting(SearchTest::name).containsExactlyInAnyOrder("rank 0 / io", "rank 1 / io");
        assertThat(find("Reading", 0, 4, 1000).matches()).extracting(m -> m.start()).containsExactly(0.5, 1.4);
        assertThat(r.truncated()).isFalse();
    }

    @Test
    void conditionsMustAllHold() {
        assertThat(find("File = main.c", 0, 4, 1000).matches()).extracting(EntityMatcher.Match::start).containsExactly(0.5);
        assertThat(find("File = main.c & Line = 42", 0, 4, 1000).total()).isEqualTo(1);
        assertThat(find("File = main.c & Line = 7", 0, 4, 1000).total()).isZero();
        assertThat(find("Line > 10", 0, 4, 1000).matches()).extracting(EntityMatcher.Match::start).containsExactly(0.5);
    }

    @Test
    void theLimitKeepsTheEarliestAndCountsAll() {
        Search.Result all = find("Running", 0, 4, 1000);
        Search.Result two = find("Running", 0, 4, 2);
        assertThat(two.total()).isEqualTo(all.total()).isGreaterThan(2);
        assertThat(two.truncated()).isTrue();
        assertThat(two.matches()).isEqualTo(all.matches().subList(0, 2));
        assertThat(all.matches()).isSortedAccordingTo((a, b) -> Double.compare(a.start(), b.start()));
    }

    @Test
    void theWindowAndTheContainersNarrowTheSearch() {
        List<Container> main0 = trace.containers().stream().filter(c -> DisplayNames.name(c.name()).equals("rank 0 / main")).toList();
        Search.Result r = Search.find(trace, SearchConditions.parse("checkpoint"), main0, 0, 4, 1000);
        assertThat(r.matches()).extracting(EntityMatcher.Match::start).containsExactly(1.1);
        assertThat(find("checkpoint", 2, 4, 1000).matches()).extracting(EntityMatcher.Match::start).containsExactly(2.9);
    }

    @Test
    void badQuestionsSayWhatIsWrong() {
        assertThatThrownBy(() -> SearchConditions.parse(" ")).isInstanceOf(ViewException.class)
                .hasMessageContaining("q is empty")
                .satisfies(e -> assertThat(((ViewException) e).reason()).isEqualTo(ViewException.Reason.BAD_REQUEST));
        assertThatThrownBy(() -> SearchConditions.parse("Size >")).hasMessageContaining("nothing to compare Size with");
        assertThatThrownBy(() -> SearchConditions.parse("a=1&b=1&c=1&d=1&e=1&f=1&g=1&h=1&i=1"))
                .hasMessageContaining("too many conditions: 9, at most 8");
        assertThatThrownBy(() -> find("x", 2, 1, 10)).hasMessage("start (2.0) is after end (1.0)");
    }
}
