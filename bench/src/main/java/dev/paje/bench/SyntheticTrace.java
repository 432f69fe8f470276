package dev.paje.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Writes a valid, time-ordered synthetic Pajé trace of about a given size, deterministically from a seed.
 *
 * <p>Hierarchy: root {@code 0} → {@value #MACHINES} machines → {@value #PROCESSES} processes each →
 * {@value #THREADS} threads each. Each step picks a random thread and does one of: push or pop a
 * {@code Call} state (nested up to {@value #MAX_DEPTH} deep), set its process's {@code Phase} state,
 * a {@code Signal} event, add to or subtract from its process's {@code Allocated} variable, set its
 * machine's {@code Load} variable, or start a link: a {@code Message} (thread to any thread, in the
 * root, with a {@code Size} user field) or a {@code Forward} (process to process of the same machine).
 * Every link has a unique key and ends later, at a random delay. Some values are used without being
 * declared first (added on the fly, as Pajé allows). Times are nanoseconds printed as seconds with
 * nine decimals. At the end every link is closed, every stack popped and every container destroyed.
 *
 * <p>Run as a program to write a trace: {@code SyntheticTrace OUT SIZE_MB [SEED]}.
 */
public final class SyntheticTrace {
    static final int MACHINES = 16;
    static final int PROCESSES = 4;
    static final int THREADS = 8;
    static final int MAX_DEPTH = 4;
    private static final int FLUSH_AT = 1 << 20;

    private static final String HEADER = """
            # synthetic trace written by dev.paje.bench.SyntheticTrace
            %EventDef PajeDefineContainerType 1
            %   Alias string
            %   Type string
            %   Name string
            %EndEventDef
            %EventDef PajeDefineStateType 2
            %   Alias string
            %   Type string
            %   Name string
            %EndEventDef
            %EventDef PajeDefineEventType 3
            %   Alias string
            %   Type string
            %   Name string
            %EndEventDef
            %EventDef PajeDefineVariableType 4
            %   Alias string
            %   Type string
            %   Name string
            %   Color color
            %EndEventDef
            %EventDef PajeDefineLinkType 5
            %   Alias string
            %   Type string
            %   StartContainerType string
            %   EndContainerType string
            %   Name string
            %EndEventDef
            %EventDef PajeDefineEntityValue 6
            %   Alias string
            %   Type string
            %   Name string
            %   Color color
            %EndEventDef
            %EventDef PajeCreateContainer 7
            %   Time date
            %   Type string
            %   Container string
            %   Name string
            %   Alias string
            %EndEventDef
            %EventDef PajeDestroyContainer 8
            %   Time date
            %   Type string
            %   Name string
            %EndEventDef
            %EventDef PajeSetState 10
            %   Time date
            %   Container string
            %   Type string
            %   Value string
            %EndEventDef
            %EventDef PajePushState 11
            %   Time date
            %   Container string
            %   Type string
            %   Value string
            %EndEventDef
            %EventDef PajePopState 12
            %   Time date
            %   Container string
            %   Type string
            %EndEventDef
            %EventDef PajeNewEvent 13
            %   Time date
            %   Container string
            %   Type string
            %   Value string
            %EndEventDef
            %EventDef PajeSetVariable 20
            %   Time date
            %   Container string
            %   Type string
            %   Value double
            %EndEventDef
            %EventDef PajeAddVariable 21
            %   Time date
            %   Container string
            %   Type string
            %   Value double
            %EndEventDef
            %EventDef PajeSubVariable 22
            %   Time date
            %   Container string
            %   Type string
            %   Value double
            %EndEventDef
            %EventDef PajeStartLink 30
            %   Time date
            %   Container string
            %   Type string
            %   StartContainer string
            %   Value string
            %   Key string
            %   Size int
            %EndEventDef
            %EventDef PajeEndLink 31
            %   Time date
            %   Container string
            %   Type string
            %   EndContainer string
            %   Value string
            %   Key string
            %EndEventDef
            1 M 0 Machine
            1 P M Process
            1 T P Thread
            2 PH P Phase
            2 C T Call
            3 SG T Signal
            4 LD M Load "0.9 0.5 0.1"
            4 AL P Allocated "0.1 0.5 0.9"
            5 MSG 0 T T Message
            5 FWD M P P Forward
            6 ph0 PH init "0.5 0.5 0.5"
            6 ph1 PH compute "0.0 0.7 0.0"
            6 ph2 PH exchange "0.0 0.0 0.8"
            6 ph3 PH idle "0.8 0.8 0.8"
            6 c0 C solve "1.0 0.5 0.0"
            6 c1 C assemble "0.0 0.5 1.0"
            6 c2 C send "0.5 0.0 1.0"
            6 c3 C recv "1.0 0.0 0.5"
            6 c4 C wait "0.9 0.1 0.1"
            6 c5 C reduce "0.1 0.9 0.1"
            6 sg0 SG checkpoint "1 1 0"
            6 sg1 SG fault "1 0 0"
            6 msg MSG p2p "0.2 0.2 0.2"
            6 fwd FWD forward "0.6 0.6 0.6"
            """;

    /** What was written. */
    public record Stats(long bytes, long eventLines) {
    }

    private final SplittableRandom rng;
    private final StringBuilder out = new StringBuilder(FLUSH_AT + 4096);
    private final PriorityQueue<long[]> pendingEnds = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    private final int[] depth = new int[MACHINES * PROCESSES * THREADS];
    private final long[] allocated = new long[MACHINES * PROCESSES];
    private long now;
    private long keys;
    private long bytes;
    private long eventLines;
    private boolean open; // the last line in the buffer still needs its newline

    private SyntheticTrace(long seed) {
        this.rng = new SplittableRandom(seed);
    }

    /** Writes a trace of about {@code targetBytes} (a little more: it stops at the first step past it). */
    public static Stats write(Path file, long targetBytes, long seed) throws IOException {
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            return new SyntheticTrace(seed).run(os, targetBytes);
        }
    }

    private Stats run(OutputStream os, long targetBytes) throws IOException {
        out.append(HEADER);
        eventLines += HEADER.lines().filter(l -> !l.isEmpty() && l.charAt(0) != '%' && l.charAt(0) != '#').count();
        int threads = depth.length;
        int processes = allocated.length;
        for (int m = 0; m < MACHINES; m++) {
            create("M", "0", "machine-" + m, m(m));
        }
        for (int p = 0; p < processes; p++) {
            create("P", m(p / PROCESSES), "process-" + p / PROCESSES + "." + p % PROCESSES, p(p));
        }
        for (int t = 0; t < threads; t++) {
            int p = t / THREADS;
            create("T", p(p), "thread-" + p / PROCESSES + "." + p % PROCESSES + "." + t % THREADS, t(t));
        }
        tick();
        for (int m = 0; m < MACHINES; m++) {
            line(20).append(m(m)).append(" LD 0");
        }
        for (int p = 0; p < processes; p++) {
            line(20).append(p(p)).append(" AL 0");
            line(10).append(p(p)).append(" PH ph0");
        }
        while (bytes + out.length() < targetBytes) {
            step(threads);
            if (out.length() >= FLUSH_AT) {
                flush(os);
            }
        }
        // Close everything: pending links, open states, then the containers, innermost first.
        while (!pendingEnds.isEmpty()) {
            endLink(pendingEnds.poll());
            tick();
        }
        for (int t = 0; t < threads; t++) {
            while (depth[t] > 0) {
                line(12).append(t(t)).append(" C");
                depth[t]--;
            }
        }
        tick();
        for (int t = 0; t < threads; t++) {
            line(8).append("T ").append(t(t));
        }
        for (int p = 0; p < processes; p++) {
            line(8).append("P ").append(p(p));
        }
        for (int m = 0; m < MACHINES; m++) {
            line(8).append("M ").append(m(m));
        }
        flush(os);
        return new Stats(bytes, eventLines);
    }

    private void step(int threads) {
        while (!pendingEnds.isEmpty() && pendingEnds.peek()[0] <= now) {
            endLink(pendingEnds.poll());
            tick();
        }
        int t = rng.nextInt(threads);
        int p = t / THREADS;
        int r = rng.nextInt(100);
        if (r < 50) { // push or pop a call: the stacks breathe between 0 and MAX_DEPTH
            boolean push = depth[t] == 0 || depth[t] < MAX_DEPTH && rng.nextBoolean();
            if (push) {
                line(11).append(t(t)).append(" C ").append(callValue());
                depth[t]++;
            } else {
                line(12).append(t(t)).append(" C");
                depth[t]--;
            }
        } else if (r < 58) {
            line(10).append(p(p)).append(" PH ph").append(rng.nextInt(4));
        } else if (r < 64) {
            line(13).append(t(t)).append(" SG ");
            int v = rng.nextInt(5);
            out.append(v < 2 ? "sg" + v : "tag-" + v); // tag-2..4: values added on the fly
        } else if (r < 76) {
            long amount = 1 + rng.nextInt(4096);
            if (allocated[p] >= amount && rng.nextBoolean()) {
                line(22).append(p(p)).append(" AL ").append(amount);
                allocated[p] -= amount;
            } else {
                line(21).append(p(p)).append(" AL ").append(amount);
                allocated[p] += amount;
            }
        } else if (r < 82) {
            int load = rng.nextInt(10001);
            line(20).append(m(p / PROCESSES)).append(" LD ").append(load / 100).append('.');
            int cents = load % 100;
            out.append(cents < 10 ? "0" : "").append(cents);
        } else if (r < 94) {
            long key = keys++;
            int dest = rng.nextInt(threads);
            line(30).append("0 MSG ").append(t(t)).append(" msg m").append(key).append(' ')
                    .append(1 + rng.nextInt(1 << 20));
            pendingEnds.add(new long[] {now + 1 + rng.nextInt(20_000), 0, dest, key});
        } else {
            long key = keys++;
            int machine = p / PROCESSES;
            int dest = machine * PROCESSES + rng.nextInt(PROCESSES);
            line(30).append(m(machine)).append(" FWD ").append(p(p)).append(" fwd f").append(key).append(" 0");
            pendingEnds.add(new long[] {now + 1 + rng.nextInt(5_000), 1, dest, key});
        }
        tick();
    }

    private String callValue() {
        int v = rng.nextInt(8);
        return v < 6 ? "c" + v : "kernel_" + rng.nextInt(12); // kernel_*: values added on the fly
    }

    private void endLink(long[] end) {
        if (end[1] == 0) {
            line(31).append("0 MSG ").append(t((int) end[2])).append(" msg m").append(end[3]);
        } else {
            int dest = (int) end[2];
            line(31).append(m(dest / PROCESSES)).append(" FWD ").append(p(dest)).append(" fwd f").append(end[3]);
        }
    }

    private void create(String type, String parent, String name, String alias) {
        line(7).append(type).append(' ').append(parent).append(' ').append(name).append(' ').append(alias);
    }

    private static String m(int m) {
        return "m" + m;
    }

    private static String p(int p) {
        return "p" + p;
    }

    private static String t(int t) {
        return "t" + t;
    }

    /** Starts an event line: its id and the current time in seconds; returns the buffer to append the rest to. */
    private StringBuilder line(int id) {
        if (open) {
            out.append('\n');
        }
        open = true;
        eventLines++;
        out.append(id).append(' ').append(now / 1_000_000_000L).append('.');
        long frac = now % 1_000_000_000L;
        for (long d = 100_000_000L; d > 1 && frac < d; d /= 10) {
            out.append('0');
        }
        return out.append(frac).append(' ');
    }

    private void tick() {
        now += 1 + rng.nextInt(200);
    }

    private void flush(OutputStream os) throws IOException {
        if (open) {
            out.append('\n');
            open = false;
        }
        byte[] b = out.toString().getBytes(StandardCharsets.US_ASCII);
        os.write(b);
        bytes += b.length;
        out.setLength(0);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: SyntheticTrace OUT SIZE_MB [SEED]");
            System.exit(2);
        }
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        Stats s = write(Path.of(args[0]), (long) (Double.parseDouble(args[1]) * 1e6), seed);
        System.out.println("{\"bytes\": " + s.bytes() + ", \"event_lines\": " + s.eventLines() + "}");
    }
}
