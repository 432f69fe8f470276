package dev.paje.cli;

import dev.paje.store.Container;

/** Names containers by their path from the root ({@code machine1/proc2}): names alone may repeat. */
final class ContainerPaths {
    private ContainerPaths() {
    }

    static String of(Container c) {
        if (c.parent() == null) {
            return c.name();
        }
        StringBuilder sb = new StringBuilder(c.name());
        for (Container p = c.parent(); p.parent() != null; p = p.parent()) {
            sb.insert(0, '/').insert(0, p.name());
        }
        return sb.toString();
    }
}
