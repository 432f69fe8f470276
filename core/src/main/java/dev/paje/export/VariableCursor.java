package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;

/**
 * The steps of one variable that the window keeps, each set at its clipped start (so the value
 * in force at the window's start is set there); a step ends at the next one or with its container.
 */
final class VariableCursor extends EntityCursor {
    private final VariableTable v;
    private int row;

    VariableCursor(CutContext cx, Container c, Type t, VariableTable v, int order) {
        super(cx, c, t, order);
        this.v = v;
        row = Math.max(0, Clip.firstAtOrAfter(v.size(), cx.clip.start, v::start) - 1);
        advance();
    }

    private void advance() {
        while (row < v.size() && v.start(row) <= cx.clip.end && !cx.clip.keeps(v.start(row), v.end(row), true)) {
            row++;
        }
        time = row < v.size() && v.start(row) <= cx.clip.end ? cx.clip.from(v.start(row)) : Double.NaN;
    }

    @Override
    void emit(PajeWriter out) throws IOException {
        cx.start(out, "PajeSetVariable", CutContext.SET_VARIABLE, v.userOrNull(), row).time(time)
                .token(CutContext.ref(t)).token(cx.containers.ref[c.id()]).number(v.value(row));
        cx.finish(out, v.userOrNull(), row);
        row++;
        advance();
    }
}
