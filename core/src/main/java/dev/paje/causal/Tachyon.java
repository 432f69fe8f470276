package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.Type;

/**
 * A link that ends before it starts: the clocks of its two containers disagree by at least
 * {@code -offset()}.
 *
 * @param holder the container holding the link (the common ancestor)
 * @param type the link type
 * @param row the link's row in {@code holder}'s table of {@code type}
 * @param from the container the link starts from
 * @param to the container the link ends at
 * @param start start time, in {@code from}'s clock
 * @param end end time, in {@code to}'s clock
 * @param key the link's key
 */
public record Tachyon(Container holder, Type type, int row, Container from, Container to, double start, double end,
        String key) {

    /** {@code end - start}: negative, how far back in time the link goes. */
    public double offset() {
        return end - start;
    }
}
