package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import dev.paje.imports.ImportStream;
import dev.paje.imports.PajeText;
import dev.paje.read.EntityFeed;
import dev.paje.read.EntitySource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * An archive for the reader without Pajé text for its events: the definitions and containers as text (the
 * prologue), then the workers' event batches merged by time and fed as values, their names mapped once per
 * batch from the decoder's table to the reader's.
 */
final class Otf2Source implements EntitySource {
    private final Otf2Importer importer;
    private final Path file;
    private Otf2Archive archive;
    private PajeLayout layout;
    /** Bytes of the event files decoded so far, in the batches merged. */
    private long decoded;

    Otf2Source(Otf2Importer importer, Path file) {
        this.importer = importer;
        this.file = file;
    }

    @Override
    public byte[] prologue() throws IOException {
        try {
            archive = Otf2Archive.open(file);
        } catch (ImportException e) {
            throw new ImportStream.Failure(e);
        }
        layout = new PajeLayout(archive.defs());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PajeText text = new PajeText(bytes);
        layout.shapes(text);
        layout.write(text);
        text.flush();
        return bytes.toByteArray();
    }

    @Override
    public void entities(EntityFeed feed) throws IOException {
        try {
            importer.decode(file, archive, layout, EventOut::new, (head, batch, from, to) -> {
                EventBatch b = (EventBatch) batch;
                if (head.current != b) {
                    toReader(head, b, feed);
                    head.current = b;
                }
                for (int k = from; k < to; k++) {
                    feed.entity(b.event[k], b.times[k], b.type[k], b.container[k], b.value[k], b.number[k], b.other[k],
                            b.keys, b.keyFrom[k], b.keyTo[k], b.users, b.userFrom[k]);
                }
            });
        } catch (ImportException e) {
            throw new ImportStream.Failure(e);
        }
    }

    /** Replaces the batch's name ids by the reader's, in place (a batch is fed once), and reports progress. */
    private void toReader(Merge.Head head, EventBatch b, EntityFeed feed) {
        if (b.generation != head.generation) {
            head.generation = b.generation;
            head.mapped = 0;
        }
        int count = b.names.size();
        if (count > head.map.length) {
            head.map = Arrays.copyOf(head.map, Math.max(count, head.map.length * 2));
        }
        int[] map = head.map;
        for (int i = head.mapped; i < count; i++) {
            map[i] = feed.intern(b.names, i);
        }
        head.mapped = Math.max(head.mapped, count);
        for (int k = 0; k < b.lines; k++) {
            b.type[k] = map[b.type[k]];
            b.container[k] = map[b.container[k]];
            b.value[k] = b.value[k] < 0 ? -1 : map[b.value[k]];
            b.other[k] = b.other[k] < 0 ? -1 : map[b.other[k]];
        }
        for (int i = 0; i < b.userCount; i++) {
            b.users[i] = map[b.users[i]];
        }
        decoded += b.offset - head.offset;
        head.offset = b.offset;
        feed.progress(decoded);
    }
}
