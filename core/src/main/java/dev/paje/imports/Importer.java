package dev.paje.imports;

import dev.paje.read.EntitySource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A trace format other than Pajé (OTF2, JFR...) turned into Pajé events. Every command reads such a
 * trace through its importer: the importer writes Pajé text that our reader simulates as it streams,
 * so the store, the checks and every command serve the format without knowing it.
 */
public interface Importer {
    /** The format's name as users know it ("OTF2", "JFR"). */
    String format();

    /**
     * Whether {@code file} is in this format, judged from its content (its first bytes in {@code head},
     * fewer when the file is shorter) and, where the format needs it, its name.
     */
    boolean accepts(Path file, byte[] head);

    /**
     * Writes {@code file} as Pajé events to {@code out}, in time order within each container.
     *
     * @throws ImportException when the input is not a valid trace of this format (file and byte offset named)
     * @throws IOException when it cannot be read
     */
    void convert(Path file, PajeText out) throws ImportException, IOException;

    /**
     * {@code file}'s events for the reader as values, without Pajé text between the importer and the reader
     * (faster), or null (the default) when the importer only writes text: then the reader parses what
     * {@link #convert} writes. Either way the trace is the same. The source reports an invalid input as an
     * {@link ImportStream.Failure}.
     */
    default EntitySource source(Path file) {
        return null;
    }

    /**
     * What identifies the input beyond {@code file} itself, for the store cache: formats spread over several
     * files (an OTF2 archive) name the others here (paths, sizes, times). The default: nothing more.
     */
    default String identity(Path file) throws IOException {
        return "";
    }
}
