package dev.paje.spark;

import org.apache.spark.Partitioner;

/** Sends each entity line to its container's part ({@link PartPlan}). */
final class PlanPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int parts;

    PlanPartitioner(int parts) {
        this.parts = parts;
    }

    @Override
    public int numPartitions() {
        return parts;
    }

    @Override
    public int getPartition(Object key) {
        return PartKey.part((Long) key);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PlanPartitioner p && p.parts == parts;
    }

    @Override
    public int hashCode() {
        return parts;
    }
}
