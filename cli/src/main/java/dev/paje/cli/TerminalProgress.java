package dev.paje.cli;

import dev.paje.read.Progress;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar on stderr (MB read, MB/s, time left) for long loads; nothing when stderr is not a terminal. */
final class TerminalProgress implements Progress, AutoCloseable {
    private ProgressBar bar;

    /** A bar when the process talks to a terminal, otherwise {@link Progress#NONE}. */
    static Progress forTerminal() {
        return System.console() != null ? new TerminalProgress() : Progress.NONE;
    }

    @Override
    public void start(String name, long bytes) {
        close();
        bar = new ProgressBarBuilder().setTaskName("Reading " + shorten(name))
                .setInitialMax(bytes < 0 ? -1 : bytes)
                .setUnit(" MB", 1 << 20)
                .showSpeed()
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .setSpeedUnit(java.time.temporal.ChronoUnit.SECONDS)
                .setEtaFunction(state -> java.util.Optional.of(eta(state)))
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .continuousUpdate()
                .build();
    }

    @Override
    public void advance(long bytesDone) {
        if (bar != null) {
            bar.stepTo(bytesDone);
        }
    }

    @Override
    public void done() {
        close();
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }

    private static Duration eta(me.tongfei.progressbar.ProgressState state) {
        long done = state.getCurrent() - state.getStart();
        long left = state.getMax() - state.getCurrent();
        Duration spent = Duration.between(state.getStartInstant(), java.time.Instant.now());
        if (done <= 0 || state.getMax() <= 0) {
            return Duration.ZERO;
        }
        return spent.multipliedBy(left).dividedBy(done);
    }

    private static String shorten(String name) {
        String base = name.substring(name.lastIndexOf('/') + 1);
        return base.length() <= 30 ? base : base.substring(0, 27) + "...";
    }
}
