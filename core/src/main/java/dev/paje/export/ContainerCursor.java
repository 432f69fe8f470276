package dev.paje.export;

import dev.paje.store.Container;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The creations (at their clipped start) or the destructions (at their clipped end) of the kept
 * containers, in time order, parents first. A container that ends with its parent is not destroyed
 * on its own: its parent's destruction closes it.
 */
final class ContainerCursor extends CutCursor {
    private final CutContext cx;
    private final List<Container> order;
    private int next;

    ContainerCursor(CutContext cx, List<Container> preorder, boolean create) {
        super(create ? CREATE : DESTROY, 0);
        this.cx = cx;
        CutContainers k = cx.containers;
        List<Container> list = new ArrayList<>();
        for (Container c : preorder) {
            if (c.parent() != null && k.kept[c.id()] && (create || k.destroyedAlone(c))) {
                list.add(c);
            }
        }
        double[] times = create ? k.from : k.to;
        list.sort(Comparator.comparingDouble(c -> times[c.id()])); // stable: preorder at equal times
        this.order = list;
        advance();
    }

    private void advance() {
        time = next < order.size() ? (phase == CREATE ? cx.containers.from : cx.containers.to)[order.get(next).id()]
                : Double.NaN;
    }

    @Override
    void emit(PajeWriter out) throws IOException {
        Container c = order.get(next++);
        CutContainers k = cx.containers;
        if (phase == CREATE) {
            List<String> fields = new ArrayList<>(List.of("Time date", "Type string", "Container string", "Name string"));
            if (k.alias[c.id()] != null) {
                fields.add(1, "Alias string");
            }
            out.start(cx.header.id("PajeCreateContainer", fields, c.user().keySet())).time(time);
            if (k.alias[c.id()] != null) {
                out.token(k.alias[c.id()]);
            }
            out.token(CutContext.ref(c.type())).token(k.ref[c.parent().id()]).token(c.name());
            for (Map.Entry<String, String> u : c.user().entrySet()) {
                out.token(u.getValue());
            }
            out.end();
        } else {
            out.start(cx.header.id("PajeDestroyContainer", CutContext.DESTROY)).time(time)
                    .token(CutContext.ref(c.type())).token(k.ref[c.id()]).end();
        }
        advance();
    }
}
