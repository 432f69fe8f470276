package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many threads tracing at once with the real clock: nothing lost, every line in time order, a valid trace. */
class ConcurrencyTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 10_000;

    @TempDir
    Path dir;

    @Test
    void threadsTracingAtOnceMakeOneSortedValidTrace() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // strict: any lost update of the checks' state (depths, pending links) would throw
        Tracer t = Tracer.builder().strict(true).bufferBytes(4096).open(bytes, "concurrent");
        ContainerType process = t.containerType("Process");
        ContainerType thread = t.containerType("Thread", process);
        StateType state = t.stateType("State", thread);
        Value work = state.value("Work");
        Value inner = state.value("Inner");
        EventType tick = t.eventType("Tick", thread);
        Value tock = tick.value("tock");
        VariableType done = t.variableType("Done", process);
        LinkType message = t.linkType("Message", process, thread, thread);
        Value msg = message.value("msg");
        Container p = t.createContainer("p", process);
        p.setVariable(done, 0);
        Container[] workers = new Container[THREADS];
        for (int i = 0; i < THREADS; i++) {
            workers[i] = t.createContainer("w" + i, thread, p);
        }
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < THREADS; i++) {
            Container me = workers[i];
            Container next = workers[(i + 1) % THREADS];
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int r = 0; r < ROUNDS; r++) {
                        me.pushState(state, work);
                        me.pushState(state, inner);
                        me.event(tick, tock);
                        long key = t.newLinkKey();
                        p.startLink(message, me, msg, key);
                        me.popState(state);
                        p.endLink(message, next, msg, key);
                        p.addVariable(done, 1);
                        me.popState(state);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            th.start();
            threads.add(th);
        }
        start.countDown();
        for (Thread th : threads) {
            th.join();
        }
        t.close();
        assertThat(failures).isEmpty();
        assertThat(t.lines()).isEqualTo(1 + 1 + THREADS + 8L * THREADS * ROUNDS);

        String text = bytes.toString(StandardCharsets.UTF_8);
        long previous = 0;
        long timed = 0;
        for (String line : text.split("\n")) {
            String[] f = line.split(" ");
            if (line.startsWith("%") || Integer.parseInt(f[0]) < 6) {
                continue; // header and definitions carry no time
            }
            long nanos = Math.round(Double.parseDouble(f[1]) * 1e9);
            if (nanos < previous) { // one assertion per line would be slow: only when it fails
                assertThat(nanos).as("line %d: %s", timed, line).isGreaterThanOrEqualTo(previous);
            }
            previous = nanos;
            timed++;
        }
        assertThat(timed).isEqualTo(t.lines());

        ReadBack r = ReadBack.of(bytes.toByteArray(), dir);
        for (int i = 0; i < THREADS; i++) {
            String w = "w" + i + ",";
            assertThat(r.rows("states").stream().filter(s -> s.startsWith(w))).hasSize(2 * ROUNDS);
            assertThat(r.rows("events").stream().filter(s -> s.startsWith(w))).hasSize(ROUNDS);
            String ends = ",msg,w" + i + ",w" + (i + 1) % THREADS + ",";
            assertThat(r.rows("links").stream().filter(s -> s.contains(ends)))
                    .hasSize(ROUNDS);
        }
        List<String> variables = r.rows("variables");
        assertThat(variables).hasSize(1 + 1 + THREADS * ROUNDS);
        assertThat(variables.get(variables.size() - 1)).endsWith("," + THREADS * ROUNDS);
    }
}
