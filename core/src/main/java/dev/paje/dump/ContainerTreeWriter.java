package dev.paje.dump;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code pj_dump -c}: the container tree, one line per container in pre-order, children sorted by
 * identifier (alias, else name), indented by the depth of the container's type.
 */
public final class ContainerTreeWriter {
    private final Writer out;

    public ContainerTreeWriter(Writer out) {
        this.out = out;
    }

    public void write(Trace trace) throws IOException {
        write(trace.root());
        out.flush();
    }

    private void write(Container c) throws IOException {
        int depth = 0;
        for (Type t = c.type(); t.parent() != null; t = t.parent()) {
            depth++;
        }
        // printf("%*.*s", depth, depth, "| "): at most two characters, right-aligned in depth columns.
        String bar = "| ".substring(0, Math.min(depth, 2));
        out.write("reportContainer |" + " ".repeat(Math.max(0, depth - bar.length())) + bar
                + c.name() + " (" + c.name() + ")\n");
        for (Container child : PajeOrder.children(c)) {
            write(child);
        }
    }
}
