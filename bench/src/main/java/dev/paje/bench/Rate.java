package dev.paje.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Per-iteration counters that JMH reports as rates next to a benchmark's score: MB/s and events/s. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Rate {
    /** MB of trace text processed. */
    public double mb;
    /** Event lines processed. */
    public long events;

    @Setup(Level.Iteration)
    public void reset() {
        mb = 0;
        events = 0;
    }
}
