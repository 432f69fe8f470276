package dev.paje.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A small tracer for the wrong-use tests: a process with two threads, a state, an event, a variable and
 * a link type, a manual clock, output and report kept in memory.
 */
final class Fixture {
    final ByteArrayOutputStream trace = new ByteArrayOutputStream();
    final ByteArrayOutputStream report = new ByteArrayOutputStream();
    final long[] now = {0};
    final Tracer.Builder builder;
    final UserFields size;
    final Tracer tracer;
    final ContainerType process;
    final ContainerType thread;
    final StateType state;
    final Value running;
    final EventType event;
    final VariableType queue;
    final LinkType message;
    final Value msg;
    final Container p;
    final Container w1;
    final Container w2;

    Fixture(boolean strict) throws IOException {
        builder = Tracer.builder().strict(strict).clock(() -> now[0])
                .report(new PrintStream(report, true, StandardCharsets.UTF_8));
        size = builder.userFields(UserFields.Kind.START_LINK, "Size");
        tracer = builder.open(trace, "fixture.trace");
        process = tracer.containerType("Process");
        thread = tracer.containerType("Thread", process);
        state = tracer.stateType("State", thread);
        running = state.value("Running");
        event = tracer.eventType("Event", thread);
        queue = tracer.variableType("Queue", process);
        message = tracer.linkType("Message", process, thread, thread);
        msg = message.value("msg");
        p = tracer.createContainer("p", process);
        w1 = tracer.createContainer("w1", thread, p);
        w2 = tracer.createContainer("w2", thread, p);
        now[0] = 1_000_000_000L;
    }

    String report() {
        return report.toString(StandardCharsets.UTF_8);
    }
}
