package dev.paje;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes valid traces of any size for tests (the project's own, never copies of shared data):
 * processes of threads with states (nested pushes carrying File/Line user fields), events, a
 * variable per process and links with unique keys between threads, times in order.
 */
public final class SyntheticTrace {
    private static final String HEADER = ""
            + "%EventDef PajeDefineContainerType 0\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDefineStateType 1\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDefineEventType 2\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDefineVariableType 3\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%       Color color\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDefineLinkType 4\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       StartContainerType string\n"
            + "%       EndContainerType string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDefineEntityValue 5\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%       Color color\n"
            + "%EndEventDef\n"
            + "%EventDef PajeCreateContainer 6\n"
            + "%       Time date\n"
            + "%       Alias string\n"
            + "%       Type string\n"
            + "%       Container string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeDestroyContainer 7\n"
            + "%       Time date\n"
            + "%       Type string\n"
            + "%       Name string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeSetState 10\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value string\n"
            + "%EndEventDef\n"
            + "%EventDef PajePushState 11\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value string\n"
            + "%       File string\n"
            + "%       Line int\n"
            + "%EndEventDef\n"
            + "%EventDef PajePopState 12\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeNewEvent 13\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value string\n"
            + "%EndEventDef\n"
            + "%EventDef PajeSetVariable 14\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value double\n"
            + "%EndEventDef\n"
            + "%EventDef PajeAddVariable 15\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value double\n"
            + "%EndEventDef\n"
            + "%EventDef PajeSubVariable 16\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       Value double\n"
            + "%EndEventDef\n"
            + "%EventDef PajeStartLink 17\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       StartContainer string\n"
            + "%       Value string\n"
            + "%       Key string\n"
            + "%       Size int\n"
            + "%EndEventDef\n"
            + "%EventDef PajeEndLink 18\n"
            + "%       Time date\n"
            + "%       Container string\n"
            + "%       Type string\n"
            + "%       EndContainer string\n"
            + "%       Value string\n"
            + "%       Key string\n"
            + "%EndEventDef\n"
            + "\n";

    private SyntheticTrace() {
    }

    /** Writes {@code processes} x {@code threads} threads over {@code rounds} rounds; returns {@code file}. */
    public static Path write(Path file, int processes, int threads, int rounds, long seed) throws IOException {
        Random random = new Random(seed);
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write(HEADER);
            out.write("0 M 0 Machine\n0 P M Process\n0 T P Thread\n1 S T \"Thread State\"\n2 E T Marker\n"
                    + "3 MEM P \"Memory (MB)\" \"0.2 0.4 0.8\"\n4 MSG M T T Message\n"
                    + "5 run S Running \"0.2 0.8 0.2\"\n5 wait S Blocked \"0.9 0.2 0.2\"\n"
                    + "5 io S \"Reading file\" \"0.3 0.3 0.9\"\n5 send MSG Send \"0 0 0\"\n");
            out.write("6 0 m1 M 0 node-1\n");
            int n = processes * threads;
            for (int p = 0; p < processes; p++) {
                out.write("6 0 p" + p + " P m1 \"rank " + p + "\"\n");
                out.write("14 0 p" + p + " MEM " + (100 + p) + "\n");
                for (int t = 0; t < threads; t++) {
                    out.write("6 0 t" + (p * threads + t) + " T p" + p + " \"rank " + p + " / " + t + "\"\n");
                }
            }
            long key = 0;
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < n; i++) {
                    double t0 = r * 1.0 + i * (0.5 / n);
                    String c = " t" + i + " ";
                    out.write("10 " + time(t0) + c + "S " + (random.nextBoolean() ? "run" : "wait") + "\n");
                    out.write("11 " + time(t0 + 0.1) + c + "S io f" + random.nextInt(5) + ".c " + random.nextInt(300) + "\n");
                    if (random.nextInt(4) == 0) {
                        out.write("11 " + time(t0 + 0.15) + c + "S run main.c 1\n12 " + time(t0 + 0.2) + c + "S\n");
                    }
                    out.write("12 " + time(t0 + 0.3) + c + "S\n");
                    if (random.nextInt(3) == 0) {
                        out.write("13 " + time(t0 + 0.31) + c + "E checkpoint\n");
                    }
                    if (random.nextInt(3) == 0) {
                        out.write("15 " + time(t0 + 0.32) + " p" + (i / threads) + " MEM " + random.nextInt(50) + "\n");
                    }
                    int to = random.nextInt(n);
                    out.write("17 " + time(t0 + 0.33) + " m1 MSG t" + i + " send k" + key + " " + random.nextInt(65536) + "\n");
                    out.write("18 " + time(t0 + 0.33 + random.nextInt(100) * 0.004 / n) + " m1 MSG t" + to + " send k" + key + "\n");
                    key++;
                }
            }
            out.write("7 " + time(rounds + 1.0) + " M m1\n");
        }
        return file;
    }

    private static String time(double t) {
        return String.format(java.util.Locale.ROOT, "%.6f", t);
    }
}
