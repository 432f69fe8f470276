package dev.paje.imports.jfr;

import dev.paje.imports.jfr.JvmTypes.ThreadState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

/**
 * JFR events to facts, one chunk at a time (the table in docs/jfr.md): blocking states, events, variables
 * and monitor handoffs as they are read; running spans and allocation rates when the chunk is complete,
 * since they need a thread's samples in time order.
 */
final class JfrMapping {
    private static final double MIB = 1024.0 * 1024.0;
    /** JFR's default ExecutionSample period, used when the recording does not say. */
    private static final double DEFAULT_PERIOD = 0.020;

    private final JvmTypes types;
    private final long originTicks;
    private final double ticksPerSecond;
    private final Map<EventType, JfrKind> kinds = new IdentityHashMap<>();
    private final Map<Long, JfrContainer> threads = new LinkedHashMap<>();
    private final Map<Long, JfrContainer> compilers = new LinkedHashMap<>();
    final JfrContainer jvm;
    final JfrContainer gc;
    final JfrContainer jit;
    private final String[] jvmFields = {"", "", "", ""};

    // per chunk; in first-seen order, so that the output is the same at every run
    private List<Fact> facts = new ArrayList<>();
    private final Map<JfrContainer, double[]> samples = new LinkedHashMap<>();
    private final Map<JfrContainer, Integer> sampleCounts = new HashMap<>();
    private final Map<JfrContainer, List<Fact>> blocking = new HashMap<>();
    private final Map<JfrContainer, List<double[]>> allocations = new LinkedHashMap<>();
    /** The last allocation sample of each thread, {@code {time, bytes}}, kept across chunks. */
    private final Map<JfrContainer, double[]> lastAllocation = new HashMap<>();
    /** The chunk's user field texts, each kept once: stacks and details repeat from event to event. */
    private final Map<String, String> pool = new HashMap<>();
    /** The chunk's stack traces as user fields: the parser shares one object per distinct stack. */
    private final Map<RecordedStackTrace, String[]> stacks = new IdentityHashMap<>();
    private long executionSampleId = -1;
    private double period = Double.NaN;

    /**
     * @param first the recording's first chunk: its start is time zero, and its tick frequency converts every
     *     chunk's ticks (as the JDK does when it reads a whole file), so times never jump between chunks
     */
    JfrMapping(JvmTypes types, JfrChunks.Chunk first) {
        this.types = types;
        this.originTicks = first.startTicks();
        this.ticksPerSecond = first.ticksPerSecond();
        jvm = new JfrContainer("jvm", JvmTypes.JVM, null, "JVM", types.jvm, jvmFields);
        gc = new JfrContainer("gc", JvmTypes.GC, jvm, "GC", null, null);
        jit = new JfrContainer("jit", JvmTypes.JIT, jvm, "JIT", null, null);
    }

    /** A new chunk begins: its event types are new objects; {@code executionSample} is the id of jdk.ExecutionSample there. */
    void chunk(long executionSample) {
        kinds.clear();
        executionSampleId = executionSample;
    }

    void accept(RecordedEvent e) {
        JfrKind kind = kinds.computeIfAbsent(e.getEventType(), t -> JfrKind.of(t.getName()));
        if (kind == null) {
            return;
        }
        switch (kind) {
            case MONITOR_ENTER -> monitorEnter(e);
            case MONITOR_WAIT -> blocked(e, ThreadState.WAITING, className(e, "monitorClass"), "");
            case THREAD_PARK -> blocked(e, ThreadState.PARKED, className(e, "parkedClass"), "");
            case THREAD_SLEEP -> blocked(e, ThreadState.SLEEPING, millis(e, "time"), "");
            case SOCKET_READ -> blocked(e, ThreadState.SOCKET_READ, endpoint(e), number(e, "bytesRead"));
            case SOCKET_WRITE -> blocked(e, ThreadState.SOCKET_WRITE, endpoint(e), number(e, "bytesWritten"));
            case FILE_READ -> blocked(e, ThreadState.FILE_READ, text(e, "path"), number(e, "bytesRead"));
            case FILE_WRITE -> blocked(e, ThreadState.FILE_WRITE, text(e, "path"), number(e, "bytesWritten"));
            case EXECUTION_SAMPLE -> sample(e);
            case THREAD_START, VIRTUAL_THREAD_START -> threadEvent(e, "Thread start", threadField(e, "thread"),
                    started(e));
            case THREAD_END, VIRTUAL_THREAD_END -> threadEvent(e, "Thread end", threadField(e, "thread"), "");
            case ERROR_THROW -> threadEvent(e, "Error", e.getThread(), thrown(e));
            case EXCEPTION_THROW -> threadEvent(e, "Exception", e.getThread(), thrown(e));
            case GARBAGE_COLLECTION -> vmState(e, gc, Lane.COLLECTION, text(e, "name"), text(e, "cause"), number(e, "gcId"));
            case GC_PAUSE, GC_PAUSE_1, GC_PAUSE_2, GC_PAUSE_3, GC_PAUSE_4 ->
                    vmState(e, gc, Lane.GC_PHASE, text(e, "name"), "", number(e, "gcId"));
            case GC_CONCURRENT, GC_CONCURRENT_1 ->
                    vmState(e, gc, Lane.GC_CONCURRENT, text(e, "name"), "", number(e, "gcId"));
            case HEAP_SUMMARY -> heap(e);
            case CPU_LOAD -> cpu(e);
            case ALLOCATION_STATISTICS -> allocation(e);
            case COMPILATION -> compilation(e);
            case COMPILATION_FAILURE -> add(Fact.event(start(e), jit, JvmTypes.JIT_EVENT,
                    "Compilation failure", types.vmEvent, text(e, "failureMessage"), number(e, "compileId")));
            case JVM_INFORMATION -> jvmInformation(e);
            case ACTIVE_SETTING -> setting(e);
        }
    }

    /** The chunk's facts, running spans and allocation rates included; the chunk's buffers are emptied. */
    List<Fact> drain() {
        double p = Double.isNaN(period) ? DEFAULT_PERIOD : period;
        for (Map.Entry<JfrContainer, double[]> s : samples.entrySet()) {
            JfrContainer thread = s.getKey();
            double[] times = java.util.Arrays.copyOf(s.getValue(), sampleCounts.get(thread));
            List<Fact> blockers = blocking.getOrDefault(thread, new ArrayList<>());
            for (double[] span : RunningSpans.of(times, blockers, p)) {
                add(Fact.estimated(span[0], span[1], thread, Lane.THREAD_STATE, ThreadState.RUNNING.name(),
                        types.threadState, "", "", "", "", ""));
            }
        }
        for (Map.Entry<JfrContainer, List<double[]>> a : allocations.entrySet()) {
            allocationRates(a.getKey(), a.getValue());
        }
        List<Fact> chunk = facts;
        facts = new ArrayList<>();
        pool.clear();
        stacks.clear();
        samples.clear();
        sampleCounts.clear();
        blocking.clear();
        allocations.clear();
        return chunk;
    }

    private String[] frames(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        return trace == null ? Frames.of(null) : stacks.computeIfAbsent(trace, Frames::of);
    }

    private void add(Fact f) {
        if (f.user != null) {
            for (int i = 0; i < f.user.length; i++) {
                String s = pool.putIfAbsent(f.user[i], f.user[i]);
                if (s != null) {
                    f.user[i] = s;
                }
            }
        }
        facts.add(f);
    }

    // ---- threads

    private void monitorEnter(RecordedEvent e) {
        Fact blocked = blocked(e, ThreadState.BLOCKED, className(e, "monitorClass"), "");
        RecordedThread owner = threadField(e, "previousOwner");
        if (blocked != null && owner != null) {
            JfrContainer from = thread(owner);
            if (from != blocked.container) {
                add(Fact.handoff(blocked.end, from, blocked.container, types.handoff,
                        className(e, "monitorClass"), seconds(e.getDuration())));
            }
        }
    }

    private Fact blocked(RecordedEvent e, ThreadState state, String detail, String bytes) {
        RecordedThread t = e.getThread();
        if (t == null) {
            return null;
        }
        JfrContainer thread = thread(t);
        String[] frames = frames(e);
        Fact f = Fact.state(start(e), end(e), thread, Lane.THREAD_STATE, state.name(),
                types.threadState, detail, bytes, frames[0], frames[1], frames[2]);
        add(f);
        blocking.computeIfAbsent(thread, k -> new ArrayList<>()).add(f);
        return f;
    }

    private void sample(RecordedEvent e) {
        RecordedThread t = threadField(e, "sampledThread");
        if (t == null) {
            return;
        }
        JfrContainer thread = thread(t);
        int n = sampleCounts.getOrDefault(thread, 0);
        double[] times = samples.get(thread);
        if (times == null || n == times.length) {
            times = times == null ? new double[16] : java.util.Arrays.copyOf(times, n * 2);
            samples.put(thread, times);
        }
        times[n] = start(e);
        sampleCounts.put(thread, n + 1);
    }

    private void threadEvent(RecordedEvent e, String value, RecordedThread t, String detail) {
        if (t == null) {
            return;
        }
        String[] frames = frames(e);
        add(Fact.event(start(e), thread(t), JvmTypes.THREAD_EVENT, value, types.threadEvent,
                detail, frames[0], frames[1], frames[2]));
    }

    private void allocation(RecordedEvent e) {
        RecordedThread t = threadField(e, "thread");
        if (t != null && e.hasField("allocated")) {
            allocations.computeIfAbsent(thread(t), k -> new ArrayList<>())
                    .add(new double[] {start(e), e.getLong("allocated")});
        }
    }

    /** Between two samples of a thread's allocated bytes, its rate, set at the first of them. */
    private void allocationRates(JfrContainer thread, List<double[]> list) {
        list.sort((a, b) -> Double.compare(a[0], b[0]));
        double[] previous = lastAllocation.get(thread);
        for (double[] s : list) {
            if (previous != null && s[0] > previous[0]) {
                double rate = Math.max(0, s[1] - previous[1]) / MIB / (s[0] - previous[0]);
                add(Fact.variable(previous[0], thread, JvmTypes.ALLOCATION_RATE, rate));
            }
            previous = s;
        }
        lastAllocation.put(thread, previous);
    }

    /** The container of a Java thread (or of a VM thread, by its OS id). */
    private JfrContainer thread(RecordedThread t) {
        long javaId = t.getJavaThreadId();
        long key = javaId > 0 ? javaId : (1L << 62) | t.getOSThreadId();
        JfrContainer c = threads.get(key);
        if (c == null) {
            c = newThread(t, javaId > 0 ? "t" + javaId : "o" + t.getOSThreadId(), JvmTypes.THREAD, jvm);
            threads.put(key, c);
        }
        return c;
    }

    private JfrContainer newThread(RecordedThread t, String alias, String type, JfrContainer parent) {
        long javaId = t.getJavaThreadId();
        boolean virtual = t.hasField("virtual") && t.getBoolean("virtual"); // JDK 21 and later
        String name = present(t.getJavaName()) ? t.getJavaName() + (virtual ? " (virtual)" : "")
                : present(t.getOSName()) ? t.getOSName() : virtual ? "virtual thread" : "thread";
        name += javaId > 0 ? " #" + javaId : " (OS " + t.getOSThreadId() + ")";
        return new JfrContainer(alias, type, parent, name, types.thread,
                new String[] {javaId > 0 ? Long.toString(javaId) : "", Long.toString(t.getOSThreadId()),
                    Boolean.toString(virtual)});
    }

    // ---- the VM

    private void vmState(RecordedEvent e, JfrContainer c, Lane lane, String value, String detail, String id) {
        add(Fact.state(start(e), end(e), c, lane, value.isEmpty() ? "?" : value,
                types.vmState, detail, id));
    }

    private void compilation(RecordedEvent e) {
        RecordedThread t = e.getThread();
        if (t == null) {
            return;
        }
        long key = t.getJavaThreadId() > 0 ? t.getJavaThreadId() : (1L << 62) | t.getOSThreadId();
        JfrContainer c = compilers.computeIfAbsent(key, k -> newThread(t, "c" + (k & ~(1L << 62)), JvmTypes.COMPILER, jit));
        String value = "Tier " + number(e, "compileLevel") + (e.hasField("isOsr") && e.getBoolean("isOsr") ? " OSR" : "")
                + (e.hasField("succeded") && !e.getBoolean("succeded") ? " failed" : "");
        RecordedMethod m = e.hasField("method") ? e.getValue("method") : null;
        String method = m == null ? "" : (m.getType() == null ? "?" : m.getType().getName()) + "." + m.getName()
                + m.getDescriptor();
        add(Fact.state(start(e), end(e), c, Lane.COMPILATION, value, types.vmState,
                method, number(e, "compileId")));
    }

    private void heap(RecordedEvent e) {
        double t = start(e);
        if (e.hasField("heapUsed")) {
            add(Fact.variable(t, jvm, JvmTypes.HEAP_USED, e.getLong("heapUsed") / MIB));
        }
        if (e.hasField("heapSpace.committedSize")) {
            add(Fact.variable(t, jvm, JvmTypes.HEAP_COMMITTED, e.getLong("heapSpace.committedSize") / MIB));
        }
    }

    private void cpu(RecordedEvent e) {
        double t = start(e);
        add(Fact.variable(t, jvm, JvmTypes.CPU_USER, 100.0 * e.getFloat("jvmUser")));
        add(Fact.variable(t, jvm, JvmTypes.CPU_SYSTEM, 100.0 * e.getFloat("jvmSystem")));
        add(Fact.variable(t, jvm, JvmTypes.CPU_MACHINE, 100.0 * e.getFloat("machineTotal")));
    }

    private void jvmInformation(RecordedEvent e) {
        if (!jvm.created) {
            jvmFields[0] = number(e, "pid");
            jvmFields[1] = text(e, "jvmArguments");
            jvmFields[2] = text(e, "javaArguments");
            jvmFields[3] = text(e, "jvmVersion");
        }
    }

    /** The JVM's container name, once its information is read. */
    String jvmName() {
        return jvmFields[0].isEmpty() ? "JVM" : "JVM " + jvmFields[0];
    }

    /** The ExecutionSample period, from the recording's settings (the shortest when several recordings ran). */
    private void setting(RecordedEvent e) {
        if (e.getLong("id") != executionSampleId || !"period".equals(e.getString("name"))) {
            return;
        }
        double p = Durations.seconds(e.getString("value"));
        if (p > 0 && (Double.isNaN(period) || p < period)) {
            period = p;
        }
    }

    // ---- fields

    /** Seconds since the recording's start, from the event's ticks. */
    private double start(RecordedEvent e) {
        return (e.getLong("startTime") - originTicks) / ticksPerSecond;
    }

    private double end(RecordedEvent e) {
        long duration = e.hasField("duration") ? e.getLong("duration") : 0;
        return (e.getLong("startTime") + duration - originTicks) / ticksPerSecond;
    }

    private static boolean present(String s) {
        return s != null && !s.isEmpty();
    }

    private static RecordedThread threadField(RecordedEvent e, String name) {
        return e.hasField(name) ? e.getThread(name) : null;
    }

    private static String text(RecordedEvent e, String name) {
        if (!e.hasField(name)) {
            return "";
        }
        String s = e.getString(name);
        return s == null ? "" : s;
    }

    private static String number(RecordedEvent e, String name) {
        return e.hasField(name) ? Long.toString(e.getLong(name)) : "";
    }

    private static String className(RecordedEvent e, String name) {
        RecordedClass c = e.hasField(name) ? e.getClass(name) : null;
        return c == null ? "" : c.getName();
    }

    private static String millis(RecordedEvent e, String name) {
        return e.hasField(name) ? Durations.text(e.getDuration(name)) : "";
    }

    private static String seconds(Duration d) {
        return Durations.text(d);
    }

    private static String endpoint(RecordedEvent e) {
        String host = text(e, "host");
        return (host.isEmpty() ? text(e, "address") : host) + ":" + number(e, "port");
    }

    private static String started(RecordedEvent e) {
        RecordedThread parent = threadField(e, "parentThread");
        return parent == null ? "" : "started by " + (parent.getJavaName() != null ? parent.getJavaName() : parent.getOSName());
    }

    private static String thrown(RecordedEvent e) {
        String c = className(e, "thrownClass");
        String m = text(e, "message");
        return m.isEmpty() ? c : c + ": " + m;
    }
}
