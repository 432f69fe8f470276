package dev.paje.export;

import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.Arrays;
import java.util.List;

/**
 * The container tree as processes and threads, for timeline viewers: each top-level container is
 * a process (the root, pid 0, when it holds entities itself); each container that holds entities
 * or ends a link is a thread of its process. States of different types may overlap without
 * nesting, so each state type after a container's first gets a thread of its own.
 */
public final class ProcessLayout {
    private final Trace trace;
    private final int[] pid;
    /** Per container, its thread (0 when it has none). */
    private final int[] tid;
    /** Per container and state type id, the thread of its states. */
    private final int[][] stateTid;

    public ProcessLayout(Trace trace) {
        this.trace = trace;
        int n = trace.containers().size();
        pid = new int[n];
        tid = new int[n];
        stateTid = new int[n][];
        boolean[] needed = new boolean[n];
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table != null && table.size() > 0) {
                    needed[c.id()] = true;
                }
                if (table instanceof LinkTable l) {
                    for (int i = 0; i < l.completeCount(); i++) {
                        needed[l.from(i)] = true;
                        needed[l.to(i)] = true;
                    }
                }
            }
        }
        int next = 1;
        int processes = 0;
        for (Container c : TraceWalk.preorder(trace)) {
            int id = c.id();
            pid[id] = c.parent() == null ? 0 : c.parent().parent() == null ? ++processes : pid[c.parent().id()];
            if (!needed[id]) {
                continue;
            }
            tid[id] = next++;
            stateTid[id] = new int[trace.types().size()];
            boolean first = true;
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.STATE && c.table(t) != null && c.table(t).size() > 0) {
                    stateTid[id][t.id()] = first ? tid[id] : next++;
                    first = false;
                }
            }
        }
    }

    public int pid(Container c) {
        return pid[c.id()];
    }

    /** The container's own thread, or 0 when it holds nothing and ends no link. */
    public int tid(Container c) {
        return tid[c.id()];
    }

    /** The thread of the states of type {@code t} in {@code c}. */
    public int stateTid(Container c, Type t) {
        return stateTid[c.id()] == null ? 0 : stateTid[c.id()][t.id()];
    }

    /** The threads of {@code c} with their names: its own (its name), then one per further state type. */
    public List<Thread> threads(Container c) {
        if (tid[c.id()] == 0) {
            return List.of();
        }
        Thread[] out = new Thread[1 + trace.types().size()];
        int k = 0;
        out[k++] = new Thread(tid[c.id()], DisplayNames.name(c.name()));
        for (Type t : trace.types()) {
            int s = stateTid(c, t);
            if (s != 0 && s != tid[c.id()]) {
                out[k++] = new Thread(s, DisplayNames.name(c.name()) + " (" + DisplayNames.name(t.name()) + ")");
            }
        }
        return Arrays.asList(Arrays.copyOf(out, k));
    }

    /** A thread: its id and the name a viewer shows. */
    public record Thread(int tid, String name) {
    }

    /** Nanoseconds from seconds, rounded: integer times nest exactly in viewers. */
    public static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /** {@code ns} as microseconds in decimal, exactly ("1500.25"). */
    public static String micros(long ns) {
        long whole = Math.floorDiv(ns, 1000);
        int frac = (int) Math.floorMod(ns, 1000);
        if (frac == 0) {
            return Long.toString(whole);
        }
        String f = Integer.toString(1000 + frac).substring(1);
        int len = f.length();
        while (f.charAt(len - 1) == '0') {
            len--;
        }
        return whole + "." + f.substring(0, len);
    }
}
