package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every wrong use: strict tracers throw at once; lenient ones write nothing for it, count it and report it at close. */
class MisuseTest {
    @TempDir
    Path dir;

    interface WrongUse {
        void apply(Fixture f) throws IOException;
    }

    static Stream<Arguments> wrongUses() throws IOException {
        Tracer other = Tracer.builder().open(java.io.OutputStream.nullOutputStream(), "other");
        ContainerType otherType = other.containerType("Process");
        Container otherContainer = other.createContainer("stranger", otherType);
        return Stream.of(
                Arguments.of("pop without push", Misuse.POP_WITHOUT_PUSH, "container 'w1' has no state of state type 'State' to pop",
                        (WrongUse) f -> f.w1.popState(f.state)),
                Arguments.of("second pop", Misuse.POP_WITHOUT_PUSH, "container 'w1' has no state",
                        (WrongUse) f -> {
                            f.w1.pushState(f.state, f.running);
                            f.w1.popState(f.state);
                            f.w1.popState(f.state);
                        }),
                Arguments.of("pop after reset", Misuse.POP_WITHOUT_PUSH, "container 'w1' has no state",
                        (WrongUse) f -> {
                            f.w1.pushState(f.state, f.running);
                            f.w1.pushState(f.state, f.running);
                            f.w1.resetState(f.state);
                            f.w1.popState(f.state);
                        }),
                Arguments.of("destroyed container", Misuse.UNKNOWN_CONTAINER, "container 'w2' was destroyed",
                        (WrongUse) f -> {
                            f.w2.destroy();
                            f.w2.event(f.event, "late");
                        }),
                Arguments.of("container of another tracer", Misuse.UNKNOWN_CONTAINER,
                        "container 'stranger' belongs to another tracer",
                        (WrongUse) f -> f.p.startLink(f.message, otherContainer, f.msg, 1)),
                Arguments.of("null container", Misuse.UNKNOWN_CONTAINER, "null container",
                        (WrongUse) f -> f.p.endLink(f.message, null, f.msg, 1)),
                Arguments.of("root destroyed", Misuse.UNKNOWN_CONTAINER, "the root container cannot be destroyed",
                        (WrongUse) f -> f.tracer.root().destroy()),
                Arguments.of("state type of another container type", Misuse.UNKNOWN_TYPE,
                        "state type 'State' belongs to containers of container type 'Thread', not to container 'p'",
                        (WrongUse) f -> f.p.pushState(f.state, f.running)),
                Arguments.of("type of another tracer", Misuse.UNKNOWN_TYPE, "container type 'Process' belongs to another tracer",
                        (WrongUse) f -> f.tracer.createContainer("q", otherType)),
                Arguments.of("value of another type", Misuse.UNKNOWN_TYPE, "value 'msg' of link type 'Message' used with state type 'State'",
                        (WrongUse) f -> f.w1.setState(f.state, f.msg)),
                Arguments.of("link from a container of the wrong type", Misuse.UNKNOWN_TYPE,
                        "link type 'Message' starts at containers of container type 'Thread', not at container 'p'",
                        (WrongUse) f -> f.p.startLink(f.message, f.p, f.msg, 1)),
                Arguments.of("link end without start", Misuse.LINK_END_WITHOUT_START, "no pending start with key 99",
                        (WrongUse) f -> f.p.endLink(f.message, f.w2, f.msg, 99)),
                Arguments.of("link ended twice", Misuse.LINK_END_WITHOUT_START, "no pending start with key 5",
                        (WrongUse) f -> {
                            f.p.startLink(f.message, f.w1, f.msg, 5);
                            f.p.endLink(f.message, f.w2, f.msg, 5);
                            f.p.endLink(f.message, f.w2, f.msg, 5);
                        }),
                Arguments.of("link key in use", Misuse.LINK_KEY_IN_USE, "key 5 is already pending",
                        (WrongUse) f -> {
                            f.p.startLink(f.message, f.w1, f.msg, 5);
                            f.p.startLink(f.message, f.w2, f.msg, 5);
                            f.p.endLink(f.message, f.w2, f.msg, 5);
                        }),
                Arguments.of("destroyed twice", Misuse.DESTROYED_TWICE, "container 'w2' was already destroyed",
                        (WrongUse) f -> {
                            f.w2.destroy();
                            f.w2.destroy();
                        }),
                Arguments.of("time going back", Misuse.TIME_BACKWARDS, "the clock went from 1000000000 ns back to 500000000 ns",
                        (WrongUse) f -> {
                            f.w1.event(f.event, "now");
                            f.now[0] = 500_000_000L;
                            f.w1.event(f.event, "before");
                        }),
                Arguments.of("variable not a number", Misuse.BAD_ARGUMENT, "variable value NaN is not a finite number",
                        (WrongUse) f -> f.p.setVariable(f.queue, Double.NaN)),
                Arguments.of("bad color", Misuse.BAD_ARGUMENT, "color '1 0': expected \"r g b\" with each in [0, 1]",
                        (WrongUse) f -> f.state.value("Blue", "1 0")),
                Arguments.of("null name", Misuse.BAD_ARGUMENT, "a container needs a name, not null",
                        (WrongUse) f -> f.tracer.createContainer(null, f.process)),
                Arguments.of("user fields of another kind", Misuse.BAD_ARGUMENT, "user fields [Size] of START_LINK used with PajeNewEvent",
                        (WrongUse) f -> f.w1.event(f.event, "x", f.size.values().set(0, 3))),
                Arguments.of("use after close", Misuse.AFTER_CLOSE, "PajePushState after the tracer was closed",
                        (WrongUse) f -> {
                            f.tracer.close();
                            f.w1.pushState(f.state, f.running);
                        }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongUses")
    void strictThrowsAtOnce(String name, Misuse misuse, String message, WrongUse use) throws IOException {
        Fixture f = new Fixture(true);
        assertThatThrownBy(() -> use.apply(f)).isInstanceOfSatisfying(TraceMisuseException.class,
                e -> assertThat(e.misuse()).isEqualTo(misuse)).hasMessageContaining(message)
                .hasMessageStartingWith(misuse.description() + ": ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongUses")
    void lenientCountsReportsAndKeepsTheTraceValid(String name, Misuse misuse, String message, WrongUse use)
            throws IOException {
        Fixture f = new Fixture(false);
        use.apply(f);
        f.tracer.close();
        assertThat(f.tracer.problems().counts()).containsExactly(java.util.Map.entry(misuse, 1L));
        assertThat(f.tracer.problems().first().get(misuse)).contains(message);
        if (misuse == Misuse.AFTER_CLOSE) { // the report at close is past: said at once
            assertThat(f.report()).isEqualTo("paje trace fixture.trace: use after close: " + f.tracer.problems().first().get(misuse)
                    + " (ignored; more are counted in problems())\n");
        } else {
            assertThat(f.report()).startsWith("paje trace fixture.trace: 1 wrong use(s) of the tracer ignored:\n")
                    .contains("  1 × " + misuse.description() + " (first: ");
        }
        ReadBack.of(f.trace.toByteArray(), dir); // the wrong call wrote nothing that breaks the trace
    }

    @Test
    void aRefusedCallWritesNothing() throws IOException {
        Fixture f = new Fixture(false);
        long before = f.tracer.lines();
        f.w1.popState(f.state);
        f.p.endLink(f.message, f.w2, f.msg, 1);
        f.w1.pushState(f.state, f.msg);
        assertThat(f.tracer.lines()).isEqualTo(before);
        assertThat(f.tracer.problems().total()).isEqualTo(3);
    }

    @Test
    void aRefusedContainerStaysUnusable() throws IOException {
        Fixture f = new Fixture(false);
        Container refused = f.tracer.createContainer("w3", f.thread); // threads go inside processes, not the root
        refused.event(f.event, "x");
        refused.destroy();
        assertThat(f.tracer.problems().counts()).containsOnly(java.util.Map.entry(Misuse.UNKNOWN_TYPE, 1L),
                java.util.Map.entry(Misuse.UNKNOWN_CONTAINER, 2L));
        assertThat(f.tracer.problems().first().get(Misuse.UNKNOWN_TYPE)).isEqualTo(
                "create container 'w3': container type 'Thread' goes inside containers of container type 'Process', not inside container '0' of container type '0'");
        assertThat(f.tracer.problems().first().get(Misuse.UNKNOWN_CONTAINER))
                .isEqualTo("container 'w3' was not created (its creation was refused)");
    }

    @Test
    void linksLeftPendingAreCountedAtClose() throws IOException {
        Fixture lenient = new Fixture(false);
        lenient.p.startLink(lenient.message, lenient.w1, lenient.msg, 1);
        lenient.p.startLink(lenient.message, lenient.w1, lenient.msg, 2);
        lenient.tracer.close();
        assertThat(lenient.tracer.problems().count(Misuse.LINK_START_WITHOUT_END)).isEqualTo(2);
        assertThat(lenient.report()).contains("2 × link start without end (first: 2 link(s) started and never ended)");

        Fixture strict = new Fixture(true);
        strict.p.startLink(strict.message, strict.w1, strict.msg, 1);
        strict.w1.event(strict.event, "last");
        assertThatThrownBy(strict.tracer::close).isInstanceOf(TraceMisuseException.class)
                .hasMessage("link start without end: 1 link(s) started and never ended");
        assertThat(strict.trace.toString(java.nio.charset.StandardCharsets.UTF_8)).as("written and closed before throwing")
                .endsWith(" \"last\"\n");
        strict.tracer.close(); // a second close does nothing
    }

    @Test
    void aCleanRunReportsNothing() throws IOException {
        Fixture f = new Fixture(false);
        f.w1.pushState(f.state, f.running);
        f.w1.popState(f.state);
        f.tracer.close();
        assertThat(f.report()).isEmpty();
        assertThat(f.tracer.problems().isEmpty()).isTrue();
    }

    @Test
    void writeErrorsComeOutAtFlushAndClose() throws IOException {
        java.io.OutputStream broken = new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk full");
            }
        };
        Tracer t = Tracer.builder().open(broken, "broken");
        ContainerType box = t.containerType("Box");
        Container c = t.createContainer("c", box);
        c.event(t.eventType("E", box), "still no exception here");
        assertThatThrownBy(t::flush).isInstanceOf(IOException.class).hasMessage("disk full");
        assertThatThrownBy(t::close).isInstanceOf(IOException.class).hasMessage("disk full");
    }

    @Test
    void userFieldNamesAreChecked() {
        Tracer.Builder b = Tracer.builder();
        assertThatThrownBy(() -> b.userFields(UserFields.Kind.NEW_EVENT, "Line no"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("user field name 'Line no'");
        assertThatThrownBy(() -> b.userFields(UserFields.Kind.NEW_EVENT, "Value"))
                .hasMessageContaining("not one of the standard");
        assertThatThrownBy(() -> b.userFields(UserFields.Kind.NEW_EVENT, "A", "A")).hasMessageContaining("repeat");
    }
}
