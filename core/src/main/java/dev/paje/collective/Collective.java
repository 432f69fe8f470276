package dev.paje.collective;

import dev.paje.store.Type;

/**
 * One collective operation: links (or events) of one type that belong together, so that a viewer can
 * draw them as one symbol and {@code paje stats} can count operations rather than messages.
 *
 * @param id index in the trace's list of collectives (ordered by start time)
 * @param kind whether the members are links or events
 * @param basis what put the members together: close start times or the user's key rule
 * @param type the link or event type of every member
 * @param value the members' value name, or the operation named by the key rule
 * @param valueIndex the members' value index in {@code type} when they all share one, else -1
 * @param start first start (events: first time)
 * @param end last end (events: last time); never before {@code start}
 * @param containers ids of the containers involved (links: both ends), ascending
 * @param holders container holding each member's row (links: the common ancestor; events: the container)
 * @param rows each member's row in {@code holders[i]}'s table of {@code type}
 */
public record Collective(int id, Kind kind, Basis basis, Type type, String value, int valueIndex, double start,
        double end, int[] containers, int[] holders, int[] rows) {

    /** What the members are. */
    public enum Kind { LINK, EVENT }

    /** Why the members are one operation. */
    public enum Basis { TIME, KEY }

    public int members() {
        return rows.length;
    }

    public double duration() {
        return end - start;
    }

    /** True when container {@code c} takes part. */
    public boolean involves(int c) {
        return java.util.Arrays.binarySearch(containers, c) >= 0;
    }
}
