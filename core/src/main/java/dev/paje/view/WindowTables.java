package dev.paje.view;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Type;
import java.util.function.IntUnaryOperator;

/**
 * Where a window answer takes its tables from, and in which unit its times are: the store itself
 * (seconds), or copies on the logical axis ({@link LogicalView}, {@code time=logical}).
 */
public interface WindowTables {
    /** The table of {@code c} for {@code t} to sample, or null when it has none. */
    EntityTable table(Container c, Type t);

    /** The store row of each row of that table (what {@code /api/entity} expects). */
    IntUnaryOperator storeRows(Container c, Type t);

    /** Where open ends are drawn to: the end of the axis. */
    double end();

    /** The store's tables, in seconds. */
    public static WindowTables store(TraceView model) {
        return new WindowTables() {
            @Override
            public EntityTable table(Container c, Type t) {
                return c.table(t);
            }

            @Override
            public IntUnaryOperator storeRows(Container c, Type t) {
                return IntUnaryOperator.identity();
            }

            @Override
            public double end() {
                return model.end();
            }
        };
    }

    /** The tables an axis asks for: {@code real} (null: the default) or {@code logical}. */
    public static WindowTables of(String axis, TraceView model, LogicalView logical) {
        String time = axis == null ? "real" : axis;
        return switch (time) {
            case "real" -> store(model);
            case "logical" -> {
                if (logical == null) {
                    throw ViewException.badRequest("logical time is not available here");
                }
                logical.axis(); // computed now, so that a failure is an error answer, not a broken one
                yield logical;
            }
            default -> throw ViewException.badRequest("time must be 'real' or 'logical', found '" + time + "'");
        };
    }
}
