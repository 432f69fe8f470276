package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files of an OTF2 archive: the anchor {@code DIR/NAME.otf2}, the global definitions {@code DIR/NAME.def},
 * and per location {@code DIR/NAME/LOC.def} (local definitions) and {@code DIR/NAME/LOC.evt} (events).
 */
record Otf2Archive(Path anchorFile, Anchor anchor, GlobalDefs defs, Path directory) {
    static Otf2Archive open(Path anchorFile) throws IOException, ImportException {
        Anchor anchor = Anchor.read(anchorFile);
        Path dir = directory(anchorFile);
        Path def = defsFile(anchorFile);
        GlobalDefs defs = GlobalDefs.read(def, anchor);
        if (defs.locations.isEmpty()) {
            throw new ImportException(def.toString(), -1, "no location is defined: the archive holds no events");
        }
        return new Otf2Archive(anchorFile, anchor, defs, dir);
    }

    static Path directory(Path anchorFile) {
        return anchorFile.resolveSibling(base(anchorFile));
    }

    static Path defsFile(Path anchorFile) {
        return anchorFile.resolveSibling(base(anchorFile) + ".def");
    }

    private static String base(Path anchorFile) {
        String name = anchorFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    Path events(long location) {
        return directory.resolve(Long.toUnsignedString(location) + ".evt");
    }

    Path localDefs(long location) {
        return directory.resolve(Long.toUnsignedString(location) + ".def");
    }

    /** Paths, sizes and modification times of the archive's other files, for the store cache. */
    static String identity(Path anchorFile) throws IOException {
        StringBuilder sb = new StringBuilder();
        append(sb, defsFile(anchorFile));
        Path dir = directory(anchorFile);
        if (Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                for (Path p : files.sorted().toList()) {
                    append(sb, p);
                }
            }
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, Path p) throws IOException {
        if (Files.exists(p)) {
            sb.append(p.getFileName()).append(' ').append(Files.size(p)).append(' ')
                    .append(Files.getLastModifiedTime(p).toMillis()).append('\n');
        }
    }
}
