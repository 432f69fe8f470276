package dev.paje.server;

import java.util.OptionalLong;

/**
 * How a {@link ViewerServer} starts, beyond its address: {@code processStart}, when known, is the
 * {@link System#nanoTime()} at which the process started; the warm-up before ready ({@link WarmUp#beforeReady}) then
 * ends {@link WarmUp#READY_BY_NANOS} after it, so that a slow open (a cold disk) keeps {@code paje view} ready under 2 s.
 * Without it (a server embedded in a long-running process, tests) the warm-up before ready has its plain budget.
 */
public record ViewerOptions(OptionalLong processStart) {
    /** No process start: the warm-up before ready has its plain budget, {@link WarmUp#BEFORE_READY_NANOS}. */
    public static final ViewerOptions DEFAULT = new ViewerOptions(OptionalLong.empty());

    public ViewerOptions {
        java.util.Objects.requireNonNull(processStart, "processStart");
    }

    /** The same options, for a process that started at {@code nanoTime} (a {@link System#nanoTime()} value). */
    public ViewerOptions processStart(long nanoTime) {
        return new ViewerOptions(OptionalLong.of(nanoTime));
    }

    /** How long the warm-up before ready may take at {@code now} (a {@link System#nanoTime()} value). */
    long beforeReadyBudget(long now) {
        if (processStart.isEmpty()) {
            return WarmUp.BEFORE_READY_NANOS;
        }
        long left = processStart.getAsLong() + WarmUp.READY_BY_NANOS - now; // differences of nanoTime, overflow-safe
        return Math.max(0, Math.min(WarmUp.BEFORE_READY_NANOS, left));
    }
}
