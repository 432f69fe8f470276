package dev.paje;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Whether and where to keep the binary cache of a loaded trace.
 *
 * @param enabled use and write caches at all
 * @param minBytes only traces at least this large are cached (small ones load faster than that)
 * @param dir where caches go; null: next to the trace when that folder is writable, else
 *     {@code $XDG_CACHE_HOME/paje} (or {@code ~/.cache/paje})
 */
public record CachePolicy(boolean enabled, long minBytes, Path dir) {

    /** The default: traces of 64 MB and more, cached next to themselves. */
    public static CachePolicy defaults() {
        return new CachePolicy(true, 64L << 20, null);
    }

    public static CachePolicy off() {
        return new CachePolicy(false, 0, null);
    }

    /** The cache file for {@code trace} read with options described by {@code variant}. */
    public Path fileFor(Path trace, String variant) throws IOException {
        Path absolute = trace.toAbsolutePath().normalize();
        String name = absolute.getFileName() + "." + hash(variant).substring(0, 6) + ".pjcache";
        if (dir != null) {
            Files.createDirectories(dir);
            return dir.resolve(hash(absolute.toString()) + "-" + name);
        }
        Path parent = absolute.getParent();
        if (parent != null && Files.isWritable(parent)) {
            return parent.resolve("." + name);
        }
        Path fallback = fallbackDir();
        Files.createDirectories(fallback);
        return fallback.resolve(hash(absolute.toString()) + "-" + name);
    }

    /** {@code $XDG_CACHE_HOME/paje}, or {@code ~/.cache/paje}: caches of traces in read-only folders. */
    public static Path fallbackDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path home = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return home.resolve("paje");
    }

    /** The start of the names of {@code trace}'s cache files in {@code folder} (any options). */
    String prefixIn(Path folder, Path trace) {
        Path absolute = trace.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (dir == null && parent != null && folder.toAbsolutePath().normalize().equals(parent)) {
            return "." + absolute.getFileName() + ".";
        }
        return hash(absolute.toString()) + "-" + absolute.getFileName() + ".";
    }

    static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                sb.append(String.format("%02x", d[i]));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Where temporary stores go: the cache folder when one is set, else {@code $TMPDIR} (or the JVM's). */
    public Path temporaryDir() {
        if (dir != null) {
            return dir;
        }
        String tmp = System.getenv("TMPDIR");
        return Path.of(tmp != null && !tmp.isEmpty() ? tmp : System.getProperty("java.io.tmpdir"));
    }
}
