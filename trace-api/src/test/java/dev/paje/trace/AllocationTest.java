package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Tracing calls, used rightly, allocate nothing: measured with the JVM's per-thread allocation counter. */
class AllocationTest {
    @Test
    void theHotPathAllocatesNothing() throws IOException {
        Assumptions.assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "this JVM does not count allocated bytes per thread: skipped");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Tracer.Builder b = Tracer.builder().strict(true);
        UserFields size = b.userFields(UserFields.Kind.START_LINK, "Size");
        try (Tracer t = b.open(OutputStream.nullOutputStream(), "null")) {
            ContainerType process = t.containerType("Process");
            ContainerType thread = t.containerType("Thread", process);
            StateType state = t.stateType("State", thread);
            Value work = state.value("Work");
            EventType ev = t.eventType("Event", thread);
            VariableType var = t.variableType("Var", process);
            LinkType link = t.linkType("Link", process, thread, thread);
            Value msg = link.value("msg");
            Container p = t.createContainer("p", process);
            Container a = t.createContainer("a", thread, p);
            Container c = t.createContainer("b", thread, p);
            FieldValues fields = size.values();
            StringBuilder text = new StringBuilder("text é");
            Runnable calls = () -> {
                for (int i = 0; i < 10_000; i++) {
                    a.pushState(state, work);
                    a.event(ev, text);
                    p.setVariable(var, i * 0.37);
                    p.addVariable(var, 1);
                    long key = t.newLinkKey();
                    p.startLink(link, a, msg, key, fields.set(0, i));
                    p.endLink(link, c, msg, key);
                    a.popState(state);
                }
            };
            for (int i = 0; i < 20; i++) {
                calls.run(); // warm up: compile, and let the pending-link table reach its size
            }
            long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
            calls.run();
            long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            assertThat(allocated).as("bytes allocated by 70,000 calls").isLessThan(1024);
        }
    }
}
