package dev.paje.cli;

import dev.paje.Directories;
import java.io.Closeable;
import java.io.IOException;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import java.util.List;

/**
 * Files written together into a directory (export's CSV files), as safely as {@link SafeOutput}: they
 * are written into a hidden temporary directory inside it, and each is moved over its name only once
 * all are complete. A failure or a kill while writing leaves the previous files as they were.
 */
final class SafeDirectory implements Closeable {
    private final Path dir;
    private final Path temp;

    private SafeDirectory(Path dir, Path temp) {
        this.dir = dir;
        this.temp = temp;
    }

    /** Opens the existing directory {@code dir}: its files are replaced at {@link #commit}. */
    static SafeDirectory open(Path dir) throws IOException {
        Path real = dir.toRealPath();
        Path temp = SafeOutput.temporaryName(real.resolve("paje-export"));
        try {
            Files.createDirectory(temp);
        } catch (IOException e) {
            throw new IOException("cannot create a directory in " + real + ": " + OutputTarget.reason(e), e);
        }
        return new SafeDirectory(real, temp);
    }

    /** The directory to write the files into. */
    Path temp() {
        return temp;
    }

    /** Moves the files {@code names} from the temporary directory over those of the same names. */
    void commit(List<String> names) throws IOException {
        for (String name : names) {
            Path written = temp.resolve(name);
            Path target = dir.resolve(name);
            if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) || Files.notExists(target, LinkOption.NOFOLLOW_LINKS)) {
                try (FileChannel c = FileChannel.open(written, StandardOpenOption.WRITE)) {
                    c.force(true);
                }
                SafeOutput.keepPermissions(target, written);
                Files.move(written, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                // A link, a pipe or a device in the way: written through, not replaced.
                try (SafeOutput out = SafeOutput.open(target)) {
                    Files.copy(written, out.stream());
                    out.commit();
                }
            }
        }
        SafeOutput.syncDirectory(dir);
        close();
    }

    /** Removes the temporary directory and what is left in it. */
    @Override
    public void close() throws IOException {
        Directories.delete(temp);
    }
}
