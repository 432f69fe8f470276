import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;

/**
 * The OTF2 decoders alone (every location's LocationDecoder writing EventOut batches, on one thread) of several
 * builds in one JVM, alternated round by round: CPU ns per event. Why: the decoders' share measured apart from the
 * merge and the simulator, and without the noise of separate processes. Usage:
 * {@code java -Xmx1g bench/otf2/DecodeBench.java ARCHIVE ROUNDS JAR...}
 */
public class DecodeBench {
    static Object call(Object target, Class<?> c, String name, Object... args) throws Exception {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length) { m.setAccessible(true); return m.invoke(target, args); }
        }
        throw new NoSuchMethodException(name);
    }
    static Object make(Class<?> c, Object... args) throws Exception {
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (k.getParameterCount() == args.length) { k.setAccessible(true); return k.newInstance(args); }
        }
        throw new NoSuchMethodException(c.getName());
    }
    public static void main(String[] a) throws Exception {
        Path archive = Path.of(a[0]);
        int rounds = Integer.parseInt(a[1]);
        List<ClassLoader> loaders = new ArrayList<>();
        for (int i = 2; i < a.length; i++) loaders.add(new URLClassLoader(new URL[] {Path.of(a[i]).toUri().toURL()}, null));
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < loaders.size(); i++) {
                ClassLoader cl = loaders.get(i);
                String p = "dev.paje.imports.otf2.";
                Class<?> arc = cl.loadClass(p + "Otf2Archive"), lay = cl.loadClass(p + "PajeLayout"), dec = cl.loadClass(p + "LocationDecoder"),
                        out = cl.loadClass(p + "EventOut"), text = cl.loadClass("dev.paje.imports.PajeText"), pool = cl.loadClass(p + "BatchPool"), gd = cl.loadClass(p + "GlobalDefs");
                Object ar = call(null, arc, "open", archive);
                Object defs = call(ar, arc, "defs");
                Object layout = make(lay, defs);
                Object pt = make(text, new java.io.ByteArrayOutputStream());
                call(layout, lay, "shapes", pt);
                Field lf = gd.getDeclaredField("locations"); lf.setAccessible(true);
                Map<?, ?> locs = (Map<?, ?>) lf.get(defs);
                Object bp = make(pool);
                Method next = null, done = null, give = null;
                long events = 0;
                long cpu0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                for (Object loc : locs.values()) {
                    Object o = make(out, bp);
                    Object d = make(dec, ar, layout, o, loc);
                    if (next == null) { for (Method m : dec.getDeclaredMethods()) { if (m.getName().equals("next")) next = m; if (m.getName().equals("done") && m.getParameterCount() == 0) done = m; } next.setAccessible(true); done.setAccessible(true);
                        for (Method m : pool.getDeclaredMethods()) if (m.getName().equals("give")) give = m; give.setAccessible(true); }
                    while (!(boolean) done.invoke(d)) { Object b = next.invoke(d, 1 << 18, false); give.invoke(bp, b); }
                    events += (long) call(d, dec, "events");
                    call(d, dec, "close");
                }
                long cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0;
                System.out.printf("%s round %d: %d events, %.2f CPU s, %.1f ns/event%n", a[2 + i], r, events, cpu / 1e9, cpu / (double) events);
            }
        }
    }
}
