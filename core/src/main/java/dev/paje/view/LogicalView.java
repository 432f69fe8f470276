package dev.paje.view;

import dev.paje.causal.LogicalAxis;
import dev.paje.causal.LogicalTable;
import dev.paje.causal.LogicalTables;
import dev.paje.causal.LogicalTime;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Type;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntUnaryOperator;

/**
 * The loaded trace on the logical axis ({@code time=logical}): the {@link LogicalTime} computed
 * once, on first use (a fraction of a second on large traces, and most sessions never ask), and
 * the logical copy of each table built when a window first needs it, then kept.
 */
public final class LogicalView implements WindowTables {
    private final TraceView model;
    private final ConcurrentHashMap<Long, LogicalTable> tables = new ConcurrentHashMap<>();
    private LogicalTime time; // published by the volatile write of axis
    private volatile LogicalAxis axis;

    public LogicalView(TraceView model) {
        this.model = model;
    }

    /** The clocks and conversions, computed by the first request that needs them. */
    public LogicalAxis axis() {
        LogicalAxis a = axis;
        if (a == null) {
            synchronized (this) {
                if (axis == null) {
                    if (model.trace() == null) {
                        throw ViewException.notFound("the trace could not be read: no logical time");
                    }
                    time = LogicalTime.of(model.trace());
                    axis = new LogicalAxis(time);
                }
                a = axis;
            }
        }
        return a;
    }

    public LogicalTime time() {
        axis();
        return time;
    }

    private LogicalTable logical(Container c, Type t) {
        if (c.table(t) == null) {
            return null;
        }
        LogicalTime lt = time();
        return tables.computeIfAbsent(((long) c.id() << 32) | t.id(), k -> LogicalTables.of(lt, c, t));
    }

    @Override
    public EntityTable table(Container c, Type t) {
        LogicalTable l = logical(c, t);
        return l == null ? null : l.table();
    }

    @Override
    public IntUnaryOperator storeRows(Container c, Type t) {
        LogicalTable l = logical(c, t);
        return l == null ? IntUnaryOperator.identity() : l::storeRow;
    }

    /** Open ends are drawn to the end of the logical axis. */
    @Override
    public double end() {
        return axis().end();
    }
}
