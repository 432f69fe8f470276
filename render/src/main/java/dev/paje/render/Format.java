package dev.paje.render;

import java.nio.file.Path;
import java.util.Locale;

/** The picture formats: a vector drawing for papers, or pixels for slides and the web. */
public enum Format {
    SVG("svg"), PNG("png");

    private final String extension;

    Format(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** The format a file name asks for, by its extension (case-insensitive). */
    public static Format of(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        for (Format f : values()) {
            if (f.extension.equals(ext)) {
                return f;
            }
        }
        throw new RenderException("cannot tell the picture format of '" + name + "': "
                + (ext.isEmpty() ? "it has no extension" : "unknown extension '." + ext + "'")
                + "; use a name ending in .svg or .png");
    }
}
