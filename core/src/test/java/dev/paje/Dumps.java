package dev.paje;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.IOException;
import java.io.StringWriter;

/** A loaded trace as {@code paje dump} text, the tests' way to say that two traces are the same. */
public final class Dumps {
    private Dumps() {
    }

    /** The default dump of a trace read without problems. */
    public static String plain(TraceLoader.Loaded loaded) throws IOException {
        assertThat(loaded.problems()).isEmpty();
        StringWriter out = new StringWriter();
        new DumpWriter(DumpOptions.defaults()).write(loaded.trace(), out);
        return out.toString();
    }

    /** Everything a store keeps: every entity at every nesting level, with user fields and the header line. */
    public static String full(TraceLoader.Loaded loaded) throws IOException {
        StringWriter out = new StringWriter();
        new DumpWriter(new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, true, true))
                .write(loaded.trace(), out);
        return out.toString();
    }
}
