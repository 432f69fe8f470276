package dev.paje.trace;

/**
 * A type of links (arrows) from a container of the start type to one of the end type, both inside a
 * container of the link's container type.
 */
public final class LinkType extends ValuedType {
    final ContainerType start;
    final ContainerType end;
    /** Dense index among the tracer's link types: part of a pending link's identity. */
    final int linkIndex;

    LinkType(Tracer tracer, String name, ContainerType container, ContainerType start, ContainerType end,
            String alias, boolean live, int linkIndex) {
        super(tracer, name, container, alias, live);
        this.start = start;
        this.end = end;
        this.linkIndex = linkIndex;
    }
}
