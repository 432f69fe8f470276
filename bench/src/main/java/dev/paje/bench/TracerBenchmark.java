package dev.paje.bench;

import dev.paje.trace.Container;
import dev.paje.trace.ContainerType;
import dev.paje.trace.LinkType;
import dev.paje.trace.StateType;
import dev.paje.trace.Tracer;
import dev.paje.trace.Value;
import dev.paje.trace.VariableType;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The tracing API ({@code trace-api}'s {@link Tracer}): nanoseconds per traced event, each thread in its
 * own container, the trace written to /dev/null (real write calls, no disk). One op is one line: a
 * benchmark method's calls are divided by {@link OperationsPerInvocation}. With 4 threads the score
 * is the time per event seen by each thread (all 4 share the tracer's one lock).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TracerBenchmark {
    Tracer tracer;
    ContainerType process;
    ContainerType thread;
    StateType state;
    Value working;
    VariableType load;
    LinkType message;
    Value msg;
    Container p;

    @Setup(Level.Trial)
    public void open() throws IOException {
        tracer = Tracer.builder().strict(true).open(new FileOutputStream("/dev/null"), "/dev/null");
        process = tracer.containerType("Process");
        thread = tracer.containerType("Thread", process);
        state = tracer.stateType("State", thread);
        working = state.value("Working");
        load = tracer.variableType("Load", thread);
        message = tracer.linkType("Message", process, thread, thread);
        msg = message.value("msg");
        p = tracer.createContainer("p", process);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        tracer.close();
    }

    /** Each benchmark thread's own container. */
    @State(Scope.Thread)
    public static class Me {
        Container c;
        double x;

        @Setup(Level.Trial)
        public void create(TracerBenchmark b) {
            c = b.tracer.createContainer(Thread.currentThread().getName(), b.thread, b.p);
        }
    }

    /** A push then a pop: two lines. */
    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(2)
    public void state1(Me me) {
        pushPop(me);
    }

    @Benchmark
    @Threads(4)
    @OperationsPerInvocation(2)
    public void state4(Me me) {
        pushPop(me);
    }

    private void pushPop(Me me) {
        me.c.pushState(state, working);
        me.c.popState(state);
    }

    /** A variable set to a number that is not an integer (the slowest number to write): one line. */
    @Benchmark
    @Threads(1)
    public void variable1(Me me) {
        me.x += 0.37;
        me.c.setVariable(load, me.x);
    }

    /** A link start then its end in the same container: two lines, and the pending-link table. */
    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(2)
    public void link1(Me me) {
        long key = tracer.newLinkKey();
        p.startLink(message, me.c, msg, key);
        p.endLink(message, me.c, msg, key);
    }
}
