import java.lang.management.*;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;

/**
 * `paje validate --no-cache ARCHIVE` of several builds in one JVM, alternated round by round (each jar in its own
 * class loader), with the process's CPU time and the calling (simulating) thread's per run. Why: on the shared
 * machine separate processes' CPU seconds vary by +-20%; warm rounds of one process compare the steady state
 * (JIT and JVM start excluded: round 0 is the cold one). Usage:
 * {@code java -Xmx512m -XX:+UseParallelGC bench/otf2/RunBench.java ARCHIVE ROUNDS JAR...}
 */
public class RunBench {
    public static void main(String[] a) throws Exception {
        String archive = a[0];
        int rounds = Integer.parseInt(a[1]);
        List<Method> runs = new ArrayList<>();
        for (int i = 2; i < a.length; i++) {
            ClassLoader cl = new URLClassLoader(new URL[] {Path.of(a[i]).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            runs.add(cl.loadClass("dev.paje.cli.Main").getMethod("run", String[].class));
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean th = ManagementFactory.getThreadMXBean();
        java.io.PrintStream out = System.out;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < runs.size(); i++) {
                System.gc();
                long p0 = os.getProcessCpuTime(), t0 = th.getCurrentThreadCpuTime(), w0 = System.nanoTime();
                System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
                int code = (int) runs.get(i).invoke(null, (Object) new String[] {"validate", "--no-cache", archive});
                System.setOut(out);
                long p1 = os.getProcessCpuTime(), t1 = th.getCurrentThreadCpuTime(), w1 = System.nanoTime();
                out.printf("%s round %d exit %d: process %.2f CPU s, main %.2f CPU s, wall %.2f s%n", a[2 + i], r, code, (p1 - p0) / 1e9, (t1 - t0) / 1e9, (w1 - w0) / 1e9);
            }
        }
    }
}
