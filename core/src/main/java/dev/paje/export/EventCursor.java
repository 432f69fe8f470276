package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.Type;
import java.io.IOException;

/** The events of one table that fall inside the window, as they were. */
final class EventCursor extends EntityCursor {
    private final EventTable e;
    private int row;

    EventCursor(CutContext cx, Container c, Type t, EventTable e, int order) {
        super(cx, c, t, order);
        this.e = e;
        row = Clip.firstAtOrAfter(e.size(), cx.clip.start, e::time);
        advance();
    }

    private void advance() {
        time = row < e.size() && e.time(row) <= cx.clip.end ? e.time(row) : Double.NaN;
    }

    @Override
    void emit(PajeWriter out) throws IOException {
        cx.start(out, "PajeNewEvent", CutContext.EVENT, e.userOrNull(), row).time(time).token(CutContext.ref(t))
                .token(cx.containers.ref[c.id()]).token(CutContext.valueRef(t, e.value(row)));
        cx.finish(out, e.userOrNull(), row);
        row++;
        advance();
    }
}
