package dev.paje.imports.otf2;

import dev.paje.imports.PajeText;

/**
 * What a location's decoder writes its lines to, batch by batch: Pajé text ({@link TextOut}, for
 * {@code convert}) or events as values for the reader ({@link EventOut}). The calls are
 * {@link PajeText}'s; each writes one line at its time.
 */
interface LocationOut {
    /** A new batch of about {@code capacity} bytes, written from now on. */
    Batch start(int capacity);

    /** The location's own container: where its events are, but for links (for grouping its events). */
    default void owner(String container) {
    }

    /** The current batch is complete. */
    default void end() {
    }

    void pushState(double time, String type, String container, String value);

    void popState(double time, String type, String container);

    void event(double time, String type, String container, String value);

    void setVariable(double time, String type, String container, double value);

    /**
     * A link's start or end ({@code shape}) in {@code container}, from or to {@code peer}, of value {@code value},
     * keyed by {@code key}'s current key; user fields: the size and tag (unsigned, in
     * decimal), then {@code attributes}. As the line {@link #entity} would write with those strings: a writer of
     * values makes none of them.
     */
    default void link(PajeText.Shape shape, double time, String type, String container, String peer, String value,
            LinkKey key, long size, int tag, String[] attributes) {
        String[] user = new String[2 + attributes.length];
        user[0] = Long.toUnsignedString(size);
        user[1] = Integer.toUnsignedString(tag);
        System.arraycopy(attributes, 0, user, 2, attributes.length);
        entity(shape, time, new String[] {type, container, peer, value, key.text()}, user);
    }

    /** A line of a shape with user fields: see {@link PajeText#entity}. */
    void entity(PajeText.Shape shape, double time, String[] standard, String[] user);
}
