import dev.paje.trace.Container;
import dev.paje.trace.ContainerType;
import dev.paje.trace.EventType;
import dev.paje.trace.LinkType;
import dev.paje.trace.StateType;
import dev.paje.trace.Tracer;
import dev.paje.trace.UserFields;
import dev.paje.trace.Value;
import dev.paje.trace.VariableType;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A small multi-threaded program traced with paje's tracing API: producers put messages in a bounded
 * queue, consumers take them. Each thread is a container with its states (producing, putting, taking,
 * consuming); each message is a link from its producer to its consumer; the messages sent and not
 * yet taken are a variable of the JVM container.
 *
 * <pre>
 * ./mvnw -q -pl trace-api compile
 * java -cp trace-api/target/classes examples/java/ProducerConsumer.java out.trace [MESSAGES]
 * ./paje view out.trace
 * </pre>
 */
public class ProducerConsumer {
    /** A message carries the key of its link, so the consumer can end the link the producer started. */
    record Message(long key, int size) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java -cp trace-api/target/classes examples/java/ProducerConsumer.java OUT.trace [MESSAGES]");
            System.exit(2);
        }
        int messages = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int producers = 2;
        int consumers = 3;
        Tracer.Builder builder = Tracer.builder();
        UserFields sized = builder.userFields(UserFields.Kind.START_LINK, "Size");
        try (Tracer tracer = builder.open(Path.of(args[0]))) {
            ContainerType jvm = tracer.containerType("JVM");
            ContainerType thread = tracer.containerType("Thread", jvm);
            StateType state = tracer.stateType("Thread state", thread);
            Value producing = state.value("Producing", "0.2 0.6 1");
            Value putting = state.value("Blocked on put", "1 0.4 0.4");
            Value taking = state.value("Waiting to take", "0.8 0.8 0.8");
            Value consuming = state.value("Consuming", "0.2 0.8 0.2");
            EventType done = tracer.eventType("Done", thread);
            VariableType inFlight = tracer.variableType("Messages in flight", jvm, "1 0.5 0");
            LinkType sent = tracer.linkType("Message", jvm, thread, thread);
            Value message = sent.value("message");

            Container process = tracer.createContainer("JVM " + ProcessHandle.current().pid(), jvm);
            process.setVariable(inFlight, 0);
            BlockingQueue<Message> queue = new ArrayBlockingQueue<>(4);
            Thread[] threads = new Thread[producers + consumers];
            for (int p = 0; p < producers; p++) {
                Container me = tracer.createContainer("producer-" + p, thread, process);
                int count = messages / producers + (p < messages % producers ? 1 : 0);
                threads[p] = new Thread(() -> {
                    var size = sized.values(); // reused for every message of this thread
                    for (int i = 0; i < count; i++) {
                        me.pushState(state, producing);
                        work(2);
                        Message m = new Message(tracer.newLinkKey(), ThreadLocalRandom.current().nextInt(64, 4096));
                        me.popState(state);
                        me.pushState(state, putting);
                        process.startLink(sent, me, message, m.key(), size.set(0, m.size()));
                        process.addVariable(inFlight, 1);
                        put(queue, m);
                        me.popState(state);
                    }
                    me.event(done, "produced " + count);
                }, "producer-" + p);
            }
            for (int c = 0; c < consumers; c++) {
                Container me = tracer.createContainer("consumer-" + c, thread, process);
                threads[producers + c] = new Thread(() -> {
                    int count = 0;
                    while (true) {
                        me.pushState(state, taking);
                        Message m = take(queue);
                        me.popState(state);
                        if (m.key() < 0) {
                            break; // no more messages
                        }
                        process.subVariable(inFlight, 1);
                        process.endLink(sent, me, message, m.key());
                        me.pushState(state, consuming);
                        work(3 + m.size() / 1024);
                        me.popState(state);
                        count++;
                    }
                    me.event(done, "consumed " + count);
                    me.destroy();
                }, "consumer-" + c);
            }
            for (Thread t : threads) {
                t.start();
            }
            for (int p = 0; p < producers; p++) {
                threads[p].join();
            }
            for (int c = 0; c < consumers; c++) {
                put(queue, new Message(-1, 0)); // one end marker per consumer, not traced
            }
            for (Thread t : threads) {
                t.join();
            }
            if (!tracer.problems().isEmpty()) {
                System.err.println("wrong uses of the tracer: " + tracer.problems().lines());
            }
        }
        System.out.println("wrote " + args[0] + ": " + messages + " messages from " + producers + " producers to "
                + consumers + " consumers");
    }

    private static void work(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void put(BlockingQueue<Message> queue, Message m) {
        try {
            queue.put(m);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Message take(BlockingQueue<Message> queue) {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
