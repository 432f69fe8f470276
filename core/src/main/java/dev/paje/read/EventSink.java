package dev.paje.read;

import dev.paje.store.Names;

/** Receives the events of a trace in file order; the simulator is the main one. */
public interface EventSink {
    /**
     * One event line, its fields already checked against the definition's field count.
     *
     * @throws EventError to reject the line; the reader reports it and goes on or stops
     */
    void event(EventDefinition definition, Line line);

    /**
     * One entity event already tokenized (the fast path): names are ids in the reader's
     * {@link Names}, -1 where the kind has no such field.
     *
     * @param line the event's line number in its file
     * @param kind a kind for which {@link EventKind#entity()} holds
     * @param value the Value name (states, events, links)
     * @param number the Value number (variables)
     * @param other the StartContainer (start link) or EndContainer (end link)
     * @param keyBuf holds the Key of a link at {@code [keyFrom, keyTo)} (keys are not interned:
     *     they are often unique per link)
     * @throws EventError to reject the event
     */
    void entity(long line, EventKind kind, double time, int type, int container, int value, double number, int other,
            byte[] keyBuf, int keyFrom, int keyTo);

    /**
     * A user field of the entity event just passed to {@link #entity}: field {@code name} holds
     * the interned name {@code valueId}.
     */
    void userField(EventKind kind, String name, int valueId);

    /**
     * Whether an entity event of type {@code type} with value {@code value} (interned names) changes
     * nothing shared between containers, so that the reader may feed the events of different
     * containers in another order than the file's (each container's events stay in file order).
     * The simulator says no when the value is not yet declared in the type: declaring it is shared
     * and its order numbers the values. The default, no, keeps file order.
     */
    default boolean commutes(int type, int value) {
        return false;
    }

    /** End of all input: close what is still open. */
    /**
     * The records that follow, up to the next call, are of containers {@code containers[0..n)} (name ids), one group of
     * records after the other: a sink may bring their state into the cache at once (their tables' lines fetched
     * together, not one by one as their events come).
     */
    default void touch(int[] containers, int n) {
    }

    void finish();
}
