package dev.paje.spark;

import dev.paje.read.Field;
import java.util.Iterator;
import java.util.NoSuchElementException;
import scala.Tuple2;

/**
 * A split's entity lines keyed by their part and offset ({@link PartKey}) for the shuffle, read one
 * at a time as the shuffle takes them (a split's lines are never all in memory).
 */
final class EntityLines implements Iterator<Tuple2<Long, byte[]>> {
    private final Iterator<Tuple2<Long, byte[]>> lines;
    private final LineKinds kinds;
    private final PartPlan plan;
    private Tuple2<Long, byte[]> next;

    EntityLines(Iterator<Tuple2<Long, byte[]>> lines, PartPlan plan) {
        this.lines = lines;
        this.plan = plan;
        this.kinds = new LineKinds(plan.header, plan.legacyNames);
    }

    @Override
    public boolean hasNext() {
        while (next == null && lines.hasNext()) {
            Tuple2<Long, byte[]> l = lines.next();
            if (SparkConvert.read(kinds, l, plan.traceName) && kinds.kind().entity()) {
                next = new Tuple2<>(PartKey.of(plan.part(kinds.text(Field.CONTAINER)), l._1()), l._2());
            }
        }
        return next != null;
    }

    @Override
    public Tuple2<Long, byte[]> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Tuple2<Long, byte[]> n = next;
        next = null;
        return n;
    }
}
