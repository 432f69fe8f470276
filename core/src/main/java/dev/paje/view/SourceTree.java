package dev.paje.view;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The source directory of {@code paje view --source DIR}: finds the file a trace names, never outside DIR.
 * Traces record paths as the build saw them (absolute, or relative to a build folder), so a name is looked up
 * as the longest tail of its path (segments after its last {@code ..}) that names a file under DIR, else by its
 * base name anywhere under DIR (the shortest such path). Every candidate is checked on its real path, symlinks
 * resolved: it must lie under DIR's real path and be a regular file.
 */
public final class SourceTree {
    /** How many files the base-name index holds at most: a huge tree must not stall the server. */
    private static final int MAX_INDEXED = 200_000;
    private static final int MAX_NAME = 4096;

    private final Path root;
    private volatile Map<String, Path> byBaseName;

    /** The tree under directory {@code dir} (resolved to its real path once). */
    public SourceTree(Path dir) throws IOException {
        this.root = dir.toRealPath();
        if (!Files.isDirectory(root)) {
            throw new IOException(dir + " is not a directory");
        }
    }

    public Path root() {
        return root;
    }

    /** The real path of the regular file under DIR that {@code name} designates; 404 if none, 403 if outside. */
    public Path find(String name) {
        if (name.isBlank() || name.length() > MAX_NAME || name.indexOf('\0') >= 0) {
            throw ViewException.badRequest("file must be a path of 1 to " + MAX_NAME + " characters without NUL");
        }
        List<String> segments = segments(name);
        if (segments.isEmpty()) {
            throw ViewException.notFound("no source file named '" + shorten(name) + "' under the source directory");
        }
        boolean outside = false;
        for (int i = 0; i < segments.size(); i++) {
            Candidate c = check(String.join("/", segments.subList(i, segments.size())));
            if (c.file != null) {
                return c.file;
            }
            outside |= c.outside;
        }
        Path indexed = baseNames().get(segments.get(segments.size() - 1));
        if (indexed != null) {
            Candidate c = check(root.relativize(indexed).toString());
            if (c.file != null) {
                return c.file;
            }
            outside |= c.outside;
        }
        if (outside) {
            throw ViewException.forbidden("'" + shorten(name) + "' leads outside the source directory: refused");
        }
        throw ViewException.notFound("no source file named '" + shorten(name) + "' under the source directory"
                + " (looked up by the tails of its path, then by its base name)");
    }

    /** The path's segments after its last {@code ..}, without empty and {@code .} ones; both separators count. */
    private static List<String> segments(String name) {
        List<String> out = new ArrayList<>();
        for (String s : name.split("[/\\\\]")) {
            if (s.equals("..")) {
                out.clear();
            } else if (!s.isEmpty() && !s.equals(".")) {
                out.add(s);
            }
        }
        return out;
    }

    private record Candidate(Path file, boolean outside) {
    }

    /** A relative path without {@code ..}, checked on its real path. */
    private Candidate check(String relative) {
        Path p;
        try {
            p = root.resolve(relative).normalize();
        } catch (InvalidPathException e) {
            return new Candidate(null, false);
        }
        if (!p.startsWith(root) || !Files.exists(p)) {
            return new Candidate(null, false);
        }
        try {
            Path real = p.toRealPath();
            if (!real.startsWith(root)) {
                return new Candidate(null, true);
            }
            return new Candidate(Files.isRegularFile(real) ? real : null, false);
        } catch (IOException e) {
            return new Candidate(null, false);
        }
    }

    /** Base name to the shortest path holding it, built once on first need (symlinks not followed). */
    private Map<String, Path> baseNames() {
        Map<String, Path> index = byBaseName;
        if (index != null) {
            return index;
        }
        Map<String, Path> map = new HashMap<>();
        try {
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), 64, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    map.merge(file.getFileName().toString(), file, SourceTree::shorter);
                    return map.size() >= MAX_INDEXED ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // keep what was indexed
        }
        byBaseName = Map.copyOf(map);
        return byBaseName;
    }

    private static Path shorter(Path a, Path b) {
        int c = Integer.compare(a.getNameCount(), b.getNameCount());
        return c < 0 || c == 0 && a.compareTo(b) <= 0 ? a : b;
    }

    public static String shorten(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
