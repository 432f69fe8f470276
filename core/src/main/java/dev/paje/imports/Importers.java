package dev.paje.imports;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The formats we import, and which one a file is in. */
public final class Importers {
    /** Bytes of a file's head that {@link Importer#accepts} sees: enough for any format's magic. */
    static final int HEAD = 64;

    private Importers() {
    }

    /** Every importer, in the order they are asked. */
    public static List<Importer> all() {
        return List.of(new dev.paje.imports.otf2.Otf2Importer(), new dev.paje.imports.jfr.JfrImporter());
    }

    /** The importer of {@code file} among {@code importers}, or null when none accepts it (a Pajé trace). */
    public static Importer detect(Path file, List<Importer> importers) throws IOException {
        if (importers.isEmpty() || !Files.isRegularFile(file)) {
            return null;
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        }
        for (Importer importer : importers) {
            if (importer.accepts(file, head)) {
                return importer;
            }
        }
        return null;
    }
}
