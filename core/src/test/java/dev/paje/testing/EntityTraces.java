package dev.paje.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random traces of every entity kind, for comparing two ways of checking a trace: threads created and
 * destroyed midway, state stacks, events, variables, links with keys of 2 to 40 bytes (some reused), values
 * declared and not, and on demand problems at a rate or one problem of a given kind alone.
 */
public final class EntityTraces {
    private EntityTraces() {
    }

    private static final String HEADER = EventDefs.of("""
            PajeDefineContainerType 0 Alias Type Name
            PajeDefineStateType 1 Alias Type Name
            PajeDefineEventType 2 Alias Type Name
            PajeDefineVariableType 3 Alias Type Name Color
            PajeDefineLinkType 4 Alias Type StartContainerType EndContainerType Name
            PajeDefineEntityValue 5 Alias Type Name Color
            PajeCreateContainer 6 Time Alias Type Container Name
            PajeDestroyContainer 7 Time Type Name
            PajeSetState 10 Time Container Type Value
            PajePushState 11 Time Container Type Value
            PajePopState 12 Time Container Type
            PajeResetState 19 Time Container Type
            PajeNewEvent 13 Time Container Type Value
            PajeSetVariable 14 Time Container Type Value:double
            PajeAddVariable 15 Time Container Type Value:double
            PajeSubVariable 16 Time Container Type Value:double
            PajeStartLink 17 Time Container Type StartContainer Value Key
            PajeEndLink 18 Time Container Type EndContainer Value Key
            """) + """
            0 N 0 Node
            0 T N Thread
            1 S T State
            2 E T Event
            3 V T Load "0 0 1"
            3 W N Power "1 0 0"
            4 L 0 T T Link
            5 r S run "0 1 0"
            5 w S wait "1 0 0"
            6 0 n0 N 0 node0
            """;

    /**
     * A random trace: threads created and destroyed midway, every entity kind, link keys of 2 to 40 bytes
     * ({@code reuse}: some keys used by several links); errors at {@code errorRate}.
     */
    public static Path write(Path file, long seed, double errorRate, boolean reuse) throws IOException {
        return write(file, seed, errorRate, reuse, -1);
    }

    /** Kinds of problem {@link #write} puts once in a trace that is otherwise valid. */
    public static final int PROBLEM_KINDS = 11;

    /**
     * {@link #write}; with {@code problem} at least 0, one problem of that kind (and no other) after the first third:
     * an unknown container, a destroyed one, a state, event or variable out of time order, a pop on an empty stack,
     * a variable added to before its set, a link end of another value, a link at a container of the wrong type, a
     * link that never ends, an event in a container of the wrong type.
     */
    public static Path write(Path file, long seed, double errorRate, boolean reuse, int problem) throws IOException {
        return write(file, seed, errorRate, reuse, problem, 0);
    }

    /** {@link #write(Path, long, double, boolean, int)} with at least {@code minLines} event lines (a trace of many chunks). */
    public static Path write(Path file, long seed, double errorRate, boolean reuse, int problem, int minLines)
            throws IOException {
        Random r = new Random(seed);
        int problemAt = -1;
        List<String> open = new ArrayList<>();
        List<String> closed = new ArrayList<>();
        Map<String, Integer> depth = new HashMap<>();
        Map<String, Boolean> hasVar = new HashMap<>();
        Map<String, Double> lastState = new HashMap<>(); // when each container's state, event and variable last changed
        Map<String, Double> lastEvent = new HashMap<>();
        Map<String, Double> lastVariable = new HashMap<>();
        List<String> waiting = new ArrayList<>(); // keys started, not ended yet
        int created = 0;
        long key = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write(HEADER);
            out.write("14 0 n0 W 5\n");
            double t = 0;
            int lines = Math.max(minLines, 3000 + r.nextInt(4000));
            problemAt = problem < 0 ? -1 : lines / 3 + r.nextInt(lines / 2);
            for (int n = 0; n < lines; n++) {
                t += r.nextInt(3) * 0.001;
                String time = String.format(Locale.ROOT, "%.3f", t);
                boolean error = r.nextDouble() < errorRate;
                String c0 = open.isEmpty() ? "ghost" : open.get(r.nextInt(open.size()));
                if (n == problemAt) {
                    String empty = open.stream().filter(o -> depth.getOrDefault(o, 0) == 0).findFirst().orElse(null);
                    String unset = open.stream().filter(o -> !hasVar.getOrDefault(o, false)).findFirst().orElse(null);
                    out.write(switch (problem) {
                        case 0 -> "13 " + time + " ghost E tick\n";
                        case 1 -> "13 " + time + " " + (closed.isEmpty() ? "ghost" : closed.get(0)) + " E tick\n";
                        case 2 -> "11 0 " + after(open, lastState) + " S r\n";
                        case 3 -> "13 0 " + after(open, lastEvent) + " E tick\n";
                        case 4 -> "14 0 " + after(open, lastVariable) + " V 1\n";
                        case 5 -> "12 " + time + " " + (empty == null ? "ghost" : empty) + " S\n";
                        case 6 -> unset != null ? "15 " + time + " " + unset + " V 1\n" // or a new thread's first change
                                : "6 " + time + " fresh T n0 fresh\n15 " + time + " fresh V 1\n";
                        case 7 -> waiting.isEmpty() ? "18 " + time + " 0 L " + c0 + " other nokey\n"
                                : "18 " + time + " 0 L " + c0 + " other " + waiting.remove(0) + "\n";
                        case 8 -> "17 " + time + " 0 L n0 m k-wrong-end\n";
                        case 9 -> "13 " + time + " n0 E tick\n";
                        default -> "17 " + time + " 0 L " + c0 + " m never-ends\n";
                    });
                    continue;
                }
                if (open.size() < 4 || r.nextInt(400) == 0) {
                    String c = "t" + created++;
                    out.write("6 " + time + " " + c + " T n0 thread-" + c + "\n");
                    open.add(c);
                    continue;
                }
                if (r.nextInt(500) == 0 && open.size() > 4) {
                    String c = open.remove(r.nextInt(open.size()));
                    out.write("7 " + time + " T " + c + "\n");
                    closed.add(c);
                    continue;
                }
                String c = open.get(r.nextInt(open.size()));
                String when = time;
                int kind = r.nextInt(12);
                if (error) {
                    switch (r.nextInt(5)) {
                        case 0 -> c = closed.isEmpty() || r.nextBoolean() ? "ghost" : closed.get(r.nextInt(closed.size()));
                        case 1 -> when = String.format(Locale.ROOT, "%.3f", Math.max(0, t - 0.05));
                        case 2 -> kind = 2; // a pop, maybe on an empty stack
                        case 3 -> kind = 20; // a variable change before its set, or a link type misused
                        default -> kind = 21; // a link end whose value differs
                    }
                } else if (kind == 2 && depth.getOrDefault(c, 0) == 0) {
                    kind = 1;
                } else if ((kind == 6 || kind == 7) && !hasVar.getOrDefault(c, false)) {
                    kind = 5;
                }
                double at = Double.parseDouble(when);
                switch (kind) {
                    case 0, 1, 2, 3 -> lastState.merge(c, at, Math::max);
                    case 4 -> lastEvent.merge(c, at, Math::max);
                    case 5, 6, 7 -> lastVariable.merge(c, at, Math::max);
                    default -> { }
                }
                switch (kind) {
                    case 0 -> {
                        out.write("10 " + when + " " + c + " S " + value(r) + "\n");
                        depth.put(c, 1);
                    }
                    case 1 -> {
                        out.write("11 " + when + " " + c + " S " + value(r) + "\n");
                        depth.merge(c, 1, Integer::sum);
                    }
                    case 2 -> {
                        out.write("12 " + when + " " + c + " S\n");
                        depth.merge(c, -1, (a, d) -> Math.max(0, a + d));
                    }
                    case 3 -> {
                        out.write("19 " + when + " " + c + " S\n");
                        depth.put(c, 0);
                    }
                    case 4 -> out.write("13 " + when + " " + c + " E " + (r.nextInt(3) == 0 ? "mark" + r.nextInt(9) : "tick") + "\n");
                    case 5 -> {
                        out.write("14 " + when + " " + c + " V " + r.nextInt(100) / 10.0 + "\n");
                        hasVar.put(c, true);
                    }
                    case 6 -> out.write("15 " + when + " " + c + " V " + r.nextInt(1000) / 7.0 + "\n");
                    case 7 -> out.write("16 " + when + " " + c + " V " + r.nextInt(1000) / 3.0 + "\n");
                    case 8 -> out.write("15 " + when + " n0 W 0.1\n");
                    case 20 -> out.write(r.nextBoolean() ? "15 " + when + " " + c + " V 1\n" : "17 " + when + " 0 L n0 m k0\n");
                    case 21 -> out.write("18 " + when + " 0 L " + c + " other" + " k" + (key > 0 ? key - 1 : 0) + "\n");
                    default -> {
                        boolean again = reuse && r.nextInt(6) == 0;
                        if (!waiting.isEmpty() && r.nextInt(3) > 0) {
                            String k = waiting.remove(r.nextInt(waiting.size()));
                            out.write("18 " + when + " 0 L " + c + " m " + k + "\n");
                        } else {
                            String k = again ? "r" + r.nextInt(3) : (r.nextInt(4) == 0 ? "a-long-key-of-more-than-16-bytes-" : "k") + key++;
                            out.write("17 " + when + " 0 L " + c + " m " + k + "\n");
                            waiting.add(k);
                        }
                    }
                }
            }
            if (errorRate == 0 || problem >= 0) {
                for (String k : waiting) { // every link ends: a valid trace
                    out.write("18 " + String.format(Locale.ROOT, "%.3f", t) + " 0 L " + open.get(0) + " m " + k + "\n");
                }
            }
        }
        return file;
    }

    /** An open container whose last change of that kind came after time 0 ("ghost" when none). */
    private static String after(List<String> open, Map<String, Double> last) {
        return open.stream().filter(o -> last.getOrDefault(o, 0.0) > 0).findFirst().orElse("ghost");
    }

    private static String value(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> "w";
            case 1 -> "run";
            case 2 -> "new" + r.nextInt(12);
            default -> "r";
        };
    }
}
