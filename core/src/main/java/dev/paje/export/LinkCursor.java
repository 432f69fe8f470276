package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.PriorityQueue;

/**
 * The links of one table that the window keeps, clipped: started at their clipped start, ended
 * at their clipped end, with their keys. A link is kept only when both its end containers are in
 * the cut by then; incomplete links (read with -z) are left out. At equal times ends come first,
 * so that a key reused at that time matches as in the original, and ends at one time come in the
 * order the links completed in the original: readers list a container's links in that order.
 */
final class LinkCursor extends EntityCursor {
    private final LinkTable l;
    private final PriorityQueue<Integer> ends;
    private int row;
    private boolean ending;

    LinkCursor(CutContext cx, Container c, Type t, LinkTable l, int order) {
        super(cx, c, t, order);
        this.l = l;
        this.ends = new PriorityQueue<>((a, b) -> {
            int k = Double.compare(cx.clip.to(l.end(a)), cx.clip.to(l.end(b)));
            return k != 0 ? k : Integer.compare(l.completionRank(a), l.completionRank(b));
        });
        row = Clip.firstAtOrAfter(l.completeCount(), cx.clip.start - l.maxDuration(), l::start);
        advance();
    }

    private boolean keeps(int r) {
        CutContainers k = cx.containers;
        int from = l.from(r);
        int to = l.to(r);
        double start = cx.clip.from(l.start(r));
        double end = cx.clip.to(l.end(r));
        return cx.clip.keeps(l.start(r), l.end(r), true) && k.kept[from] && k.kept[to]
                && k.from[from] <= start && k.from[to] <= end;
    }

    private void advance() {
        int n = l.completeCount();
        while (row < n && l.start(row) <= cx.clip.end && !keeps(row)) {
            row++;
        }
        double start = row < n && l.start(row) <= cx.clip.end ? cx.clip.from(l.start(row)) : Double.NaN;
        double end = ends.isEmpty() ? Double.NaN : cx.clip.to(l.end(ends.peek()));
        ending = !Double.isNaN(end) && (Double.isNaN(start) || end <= start);
        time = ending ? end : start;
    }

    @Override
    void emit(PajeWriter out) throws IOException {
        String container = cx.containers.ref[c.id()];
        if (ending) {
            int r = ends.poll();
            out.start(cx.header.id("PajeEndLink", CutContext.END_LINK)).time(time).token(CutContext.ref(t))
                    .token(container).token(cx.containers.ref[l.to(r)]).token(CutContext.valueRef(t, l.value(r)))
                    .token(l.key(r)).end();
        } else {
            cx.start(out, "PajeStartLink", CutContext.START_LINK, l.userOrNull(), row).time(time)
                    .token(CutContext.ref(t)).token(container).token(cx.containers.ref[l.from(row)])
                    .token(CutContext.valueRef(t, l.value(row))).token(l.key(row));
            cx.finish(out, l.userOrNull(), row);
            ends.add(row++);
        }
        advance();
    }
}
