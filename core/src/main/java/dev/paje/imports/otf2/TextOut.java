package dev.paje.imports.otf2;

import dev.paje.imports.PajeText;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** A location's lines as Pajé text, for {@code convert}: a sibling of the trace's writer fills text batches. */
final class TextOut implements LocationOut {
    private final PajeText text;
    private TextBatch batch;

    TextOut(PajeText root) {
        this.text = root.sibling(new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                batch.write(b, off, len);
            }
        });
    }

    @Override
    public Batch start(int capacity) {
        batch = new TextBatch(capacity);
        return batch;
    }

    @Override
    public void pushState(double time, String type, String container, String value) {
        text.pushState(time, type, container, value);
        mark(time);
    }

    @Override
    public void popState(double time, String type, String container) {
        text.popState(time, type, container);
        mark(time);
    }

    @Override
    public void event(double time, String type, String container, String value) {
        text.event(time, type, container, value);
        mark(time);
    }

    @Override
    public void setVariable(double time, String type, String container, double value) {
        text.setVariable(time, type, container, value);
        mark(time);
    }

    @Override
    public void entity(PajeText.Shape shape, double time, String[] standard, String[] user) {
        text.entity(shape, time, standard, user);
        mark(time);
    }

    /** Closes the line just written (the writer's buffer goes to the batch) at {@code time}. */
    private void mark(double time) {
        try {
            text.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        batch.mark(time);
    }
}
