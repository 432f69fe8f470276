package dev.paje.imports.jfr;

import jdk.jfr.Recording;

/**
 * The program a test records (in a child JVM): three named workers contend on one lock, sleep inside
 * and outside it, spin a little (execution samples) and throw an error; halfway, a second recording
 * starts and stops, which makes the JVM rotate to a new chunk; a System.gc() at the end gives GC
 * events and heap summaries.
 */
public final class LockAndSleep {
    static final int WORKERS = 3;
    static final int ROUNDS = 4;
    private static final Object LOCK = new Object();
    private static volatile long sink;

    private LockAndSleep() {
    }

    public static void main(String[] args) throws Exception {
        Thread[] workers = new Thread[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = new Thread(LockAndSleep::work, "worker-" + (i + 1));
        }
        for (Thread w : workers) {
            w.start();
        }
        Thread.sleep(150);
        try (Recording rotate = new Recording()) { // a recording starting or stopping rotates the chunk
            rotate.start();
            Thread.sleep(20);
        }
        for (Thread w : workers) {
            w.join();
        }
        System.gc();
    }

    private static void work() {
        spin(40);
        for (int round = 0; round < ROUNDS; round++) {
            synchronized (LOCK) {
                nap(30);
            }
            spin(40);
            nap(10);
        }
        try {
            throw new AssertionError("round " + ROUNDS + " failed on purpose");
        } catch (AssertionError expected) {
            sink += expected.getMessage().length();
        }
    }

    private static void nap(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Computes for about {@code millis} (in Java code, looking at the clock rarely: the sampler sees it running). */
    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 0;
        do {
            for (int i = 0; i < 200_000; i++) {
                x += x * 31 + i;
            }
        } while (System.nanoTime() < end);
        sink += x;
    }
}
