package dev.paje.render;

import dev.paje.store.Container;
import java.util.List;

/**
 * One row of the diagram, placed: a container with its lanes, or (when {@code members} is not null)
 * the aggregate of a container's descendants, one lane of stacked shares per state type.
 *
 * @param container the container drawn, or the parent of the aggregated members
 * @param members the aggregated containers, or null for an ordinary row
 * @param label the text in the names column
 * @param depth indentation level in the names column
 * @param top y of the row's top, in picture pixels
 * @param height the row's height
 * @param lanes the row's lanes, top to bottom
 */
record Row(Container container, List<Container> members, String label, int depth, int top, int height,
        List<Lane> lanes) {

    boolean aggregated() {
        return members != null;
    }

    /** Top of the first lane (events are drawn there), or of the row when it has none. */
    int firstTop() {
        return lanes.isEmpty() ? top : lanes.get(0).top();
    }

    int firstHeight() {
        return lanes.isEmpty() ? height : lanes.get(0).height();
    }

    /** Where links start and end: the middle of the first lane. */
    double anchorY() {
        return firstTop() + firstHeight() / 2.0;
    }
}
