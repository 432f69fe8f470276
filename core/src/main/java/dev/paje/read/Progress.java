package dev.paje.read;

/** Reports how far a read has come; the CLI draws a bar from it. Called on the reading thread. */
public interface Progress {
    Progress NONE = new Progress() {
        @Override
        public void start(String name, long bytes) {
        }

        @Override
        public void advance(long bytesDone) {
        }
    };

    /** A file of {@code bytes} bytes (-1 when unknown, as for stdin) starts being read. */
    void start(String name, long bytes);

    /** {@code bytesDone} bytes of the current file have been read and simulated. */
    void advance(long bytesDone);

    /** The whole read is over (whether it succeeded or not). */
    default void done() {
    }
}
