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

    /** Reports to both {@code a} and {@code b} (the terminal's bar and the viewer's page). */
    static Progress both(Progress a, Progress b) {
        return new Progress() {
            @Override
            public void start(String name, long bytes) {
                a.start(name, bytes);
                b.start(name, bytes);
            }

            @Override
            public void advance(long bytesDone) {
                a.advance(bytesDone);
                b.advance(bytesDone);
            }

            @Override
            public void done() {
                a.done();
                b.done();
            }
        };
    }
}
