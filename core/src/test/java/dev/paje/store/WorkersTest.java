package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What a worker's task threw comes out as it was; an interrupt comes out as I/O interrupted, flag kept. */
class WorkersTest {
    @Test
    void resultsAndWhatTasksThrewComeBackAsTheyWere() throws Exception {
        ExecutorService pool = Workers.pool(2, "paje-test");
        try {
            assertThat(Workers.get(pool.submit(() -> Thread.currentThread().getName() + " " + Thread.currentThread().isDaemon()),
                    "testing")).isEqualTo("paje-test true");
            IllegalStateException bug = new IllegalStateException("bug");
            assertThatThrownBy(() -> Workers.get(pool.submit(() -> {
                throw bug;
            }), "testing")).isSameAs(bug);
            Future<Object> checked = pool.submit(() -> {
                throw new Exception("checked");
            });
            assertThatThrownBy(() -> Workers.get(checked, "testing")).isExactlyInstanceOf(IOException.class)
                    .hasRootCauseMessage("checked");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anInterruptedWaitSaysWhatWasInterruptedAndKeepsTheFlag() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> Workers.get(new CompletableFuture<>(), "building the summaries"))
                    .isInstanceOf(InterruptedIOException.class).hasMessage("interrupted while building the summaries");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted(); // clear it for the next test
        }
    }
}
