package dev.paje.spark;

import dev.paje.export.parquet.RowSink;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark rows from the tables' walk ({@link RowSink}): the standard columns as values (NaN → null),
 * then, when the table has user fields, one map column of field name → text, since a part of the
 * trace knows only the fields it met; the driver turns the map into columns once it knows them all.
 */
final class RowCollector implements RowSink {
    private final int standard;
    private final List<String> userFields;
    private final Consumer<Row> out;
    private final Object[] values;
    private Map<String, String> user;
    private int next;

    /** Rows of {@code standard} columns, then the map of {@code userFields} (null: no map column). */
    RowCollector(int standard, List<String> userFields, Consumer<Row> out) {
        this.standard = standard;
        this.userFields = userFields;
        this.out = out;
        this.values = new Object[standard + (userFields == null ? 0 : 1)];
    }

    private RowCollector value(Object v) {
        if (next < standard) {
            values[next] = v;
        } else if (v != null) {
            if (user == null) {
                user = new HashMap<>();
            }
            user.put(userFields.get(next - standard), (String) v);
        }
        next++;
        return this;
    }

    @Override
    public RowSink string(String s) {
        return value(s);
    }

    @Override
    public RowSink integer(int v) {
        return value(v);
    }

    @Override
    public RowSink nullInteger() {
        return value(null);
    }

    @Override
    public RowSink number(double v) {
        return value(Double.isNaN(v) ? null : v);
    }

    @Override
    public void endRow() {
        if (userFields != null) {
            // (Spark rows hold Scala maps; a row without user values has none)
            values[standard] = user == null ? null : CollectionConverters.asScala(user);
        }
        out.accept(RowFactory.create(values.clone()));
        user = null;
        next = 0;
    }
}
