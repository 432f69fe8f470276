package dev.paje.read;

/** Receives the events of a trace in file order; the simulator is the main one. */
public interface EventSink {
    /**
     * One event line, its fields already checked against the definition's field count.
     *
     * @throws EventError to reject the line; the reader reports it and goes on or stops
     */
    void event(EventDefinition definition, Line line);

    /** End of all input: close what is still open. */
    void finish();
}
