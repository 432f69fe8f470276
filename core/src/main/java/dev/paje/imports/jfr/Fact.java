package dev.paje.imports.jfr;

import dev.paje.imports.PajeText;
import java.util.Comparator;

/**
 * One thing the trace will say, from one JFR event: a state over [start, end], an event, a variable's
 * value or a monitor handoff between two threads. Facts of a chunk are sorted, then written by {@link Timeline}.
 */
final class Fact {
    enum Kind {
        STATE, EVENT, VARIABLE, HANDOFF
    }

    /** Time order; at equal starts the longer state first, so that the shorter one nests inside it. */
    static final Comparator<Fact> ORDER = Comparator.comparingDouble((Fact f) -> f.start)
            .thenComparing(Comparator.comparingDouble((Fact f) -> f.end).reversed());

    final Kind kind;
    final double start;
    final double end;
    final JfrContainer container;
    final Lane lane;
    final String type;
    final String value;
    final double number;
    final JfrContainer from;
    final PajeText.Shape shape;
    final String[] user;
    /** A state inferred (running, from samples), not recorded: a recorded state may cut it short. */
    final boolean estimated;

    private Fact(Kind kind, double start, double end, JfrContainer container, Lane lane, String type, String value,
            double number, JfrContainer from, PajeText.Shape shape, String[] user, boolean estimated) {
        this.kind = kind;
        this.start = start;
        this.end = end;
        this.container = container;
        this.lane = lane;
        this.type = type;
        this.value = value;
        this.number = number;
        this.from = from;
        this.shape = shape;
        this.user = user;
        this.estimated = estimated;
    }

    static Fact state(double start, double end, JfrContainer c, Lane lane, String value, PajeText.Shape shape,
            String... user) {
        return new Fact(Kind.STATE, start, Math.max(start, end), c, lane, lane.type, value, 0, null, shape, user, false);
    }

    /** A state that no event recorded but the importer inferred. */
    static Fact estimated(double start, double end, JfrContainer c, Lane lane, String value, PajeText.Shape shape,
            String... user) {
        return new Fact(Kind.STATE, start, Math.max(start, end), c, lane, lane.type, value, 0, null, shape, user, true);
    }

    static Fact event(double time, JfrContainer c, String type, String value, PajeText.Shape shape, String... user) {
        return new Fact(Kind.EVENT, time, time, c, null, type, value, 0, null, shape, user, false);
    }

    static Fact variable(double time, JfrContainer c, String type, double value) {
        return new Fact(Kind.VARIABLE, time, time, c, null, type, null, value, null, null, null, false);
    }

    /** {@code from} released a monitor that {@code to} was blocked on, at {@code time}. */
    static Fact handoff(double time, JfrContainer from, JfrContainer to, PajeText.Shape shape, String... user) {
        return new Fact(Kind.HANDOFF, time, time, to, null, JvmTypes.HANDOFF, "monitor", 0, from, shape, user, false);
    }
}
