package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.Type;

/** A cursor over one entity table of one container: the cut's context, the container and the entity type. */
abstract class EntityCursor extends CutCursor {
    final CutContext cx;
    final Container c;
    final Type t;

    EntityCursor(CutContext cx, Container c, Type t, int order) {
        super(ENTITY, order);
        this.cx = cx;
        this.c = c;
        this.t = t;
    }
}
