package dev.paje.server.browser;

import dev.paje.server.ViewerServer;
import dev.paje.testing.EventDefs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A SimGrid-like trace of {@code nodes × procs × threads} leaf containers for the page's tests: node
 * {@code nN} holds processes {@code nN.pP} (state Phase: Compute [0,5], Exchange [5,10]) holding threads
 * {@code nN.pP.tT} (state State: Run, Wait, Comm, Run, boundaries varying by thread). One thread,
 * {@link #MARKED}, alone is in value Checkpoint, pushed over its Comm in [6, 6.4]; another, {@link #NEAR}
 * (its row near the top once expanded), alone in Restart over its Comm in the same span.
 */
final class WideTrace {
    static final String MARKED = "n5.p9.t3";
    static final String NEAR = "n0.p1.t2";
    static final double MARK_START = 6.0;
    static final double MARK_END = 6.4;

    private WideTrace() {
    }

    /** A viewer on a trace of that size, written to a temporary file deleted once it is loaded. */
    static ViewerServer serve(int nodes, int procs, int threads) throws IOException {
        return serve(nodes, procs, threads, false);
    }

    /**
     * The same, and with {@code memory} each process also has a variable {@link #MEMORY} (a unit in its
     * name): {@code 100 + p} MB from 0, {@code 200 + 10p} from 3, 50 from 8.
     */
    static ViewerServer serve(int nodes, int procs, int threads, boolean memory) throws IOException {
        Path dir = Files.createTempDirectory("paje-wide");
        Path trace = write(dir, nodes, procs, threads, memory);
        try {
            return PageTest.serve(trace.toString());
        } finally {
            Files.delete(trace);
            Files.delete(dir);
        }
    }

    static final String MEMORY = "Memory [MB]";

    static Path write(Path dir, int nodes, int procs, int threads) throws IOException {
        return write(dir, nodes, procs, threads, false);
    }

    static Path write(Path dir, int nodes, int procs, int threads, boolean memory) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append(EventDefs.of("""
                PajeDefineContainerType 0 Alias Type Name
                PajeDefineStateType 1 Alias Type Name
                PajeDefineEntityValue 5 Alias Type Name Color
                PajeCreateContainer 6 Time Alias Type Container Name
                PajePushState 11 Time Container Type Value
                PajePopState 12 Time Container Type
                PajeDefineVariableType 3 Alias Type Name
                PajeSetVariable 8 Time Container Type Value:double
                """));
        b.append("""
                0 N 0 Node
                0 P N Process
                0 T P Thread
                1 PH P Phase
                1 S T State
                5 cp PH Compute "0.2 0.4 0.8"
                5 ex PH Exchange "0.8 0.6 0.2"
                5 r S Run "0 0.8 0"
                5 w S Wait "0.9 0 0"
                5 c S Comm "0 0 0.9"
                5 k S Checkpoint "1 0 1"
                5 x S Restart "1 0 1"
                """);
        if (memory) {
            b.append("3 M P \"" + MEMORY + "\"\n");
        }
        List<Event> events = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            String node = "n" + n;
            events.add(new Event(0, "6 0 " + node + " N 0 " + node));
            for (int p = 0; p < procs; p++) {
                String proc = node + ".p" + p;
                events.add(new Event(0, "6 0 " + proc + " P " + node + " " + proc));
                state(events, proc, "PH", "cp", 0, 5);
                state(events, proc, "PH", "ex", 5, 10);
                if (memory) {
                    events.add(new Event(0, "8 0 " + proc + " M " + (100 + p)));
                    events.add(new Event(3, "8 3 " + proc + " M " + (200 + 10 * p)));
                    events.add(new Event(8, "8 8 " + proc + " M 50"));
                }
                for (int t = 0; t < threads; t++) {
                    String thread = proc + ".t" + t;
                    events.add(new Event(0, "6 0 " + thread + " T " + proc + " " + thread));
                    int k = n * 131 + p * 17 + t * 7; // boundaries vary by thread, the same on every run
                    double s1 = 1 + k % 3, s2 = 4 + k % 2, s3 = 7 + k % 2 * 0.5;
                    state(events, thread, "S", "r", 0, s1);
                    state(events, thread, "S", "w", s1, s2);
                    state(events, thread, "S", "c", s2, s3);
                    if (thread.equals(MARKED)) {
                        state(events, thread, "S", "k", MARK_START, MARK_END); // nested in Comm: the innermost is drawn
                    } else if (thread.equals(NEAR)) {
                        state(events, thread, "S", "x", MARK_START, MARK_END);
                    }
                    state(events, thread, "S", "r", s3, 10);
                }
            }
        }
        // in time order; at equal times pops first, then creations and pushes in the order made
        events.sort(Comparator.comparingDouble(Event::time).thenComparing(e -> !e.line().startsWith("12 ")));
        for (Event e : events) {
            b.append(e.line()).append('\n');
        }
        Path out = dir.resolve("wide.trace");
        Files.writeString(out, b);
        return out;
    }

    private record Event(double time, String line) {
    }

    private static void state(List<Event> events, String c, String type, String v, double s, double e) {
        events.add(new Event(s, "11 " + s + " " + c + " " + type + " " + v));
        events.add(new Event(e, "12 " + e + " " + c + " " + type));
    }
}
