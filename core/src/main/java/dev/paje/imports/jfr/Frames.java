package dev.paje.imports.jfr;

import java.util.List;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * A stack trace as user fields: the source file and line of the first frame outside the JDK (for the
 * viewer's click-back to source: JFR records classes, not files, so the file is the class's package path and
 * outermost class name with {@code .java}) and the top frames as text.
 */
final class Frames {
    /** How many frames the Stack field keeps. */
    static final int TOP = 5;
    private static final String[] NONE = {"", "", ""};
    private static final String[] JDK_PACKAGES = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    private Frames() {
    }

    /** {@code {File, Line, Stack}}; empty strings when the event has no stack trace. */
    static String[] of(RecordedStackTrace trace) {
        if (trace == null) {
            return NONE;
        }
        List<RecordedFrame> frames = trace.getFrames();
        StringBuilder stack = new StringBuilder();
        RecordedFrame source = null;
        for (int i = 0; i < frames.size(); i++) {
            RecordedFrame f = frames.get(i);
            if (source == null && f.isJavaFrame() && f.getLineNumber() >= 0 && !jdk(className(f))) {
                source = f;
            }
            if (i < TOP) {
                if (i > 0) {
                    stack.append("; ");
                }
                stack.append(describe(f));
            }
        }
        if (frames.size() > TOP || trace.isTruncated()) {
            stack.append("; ..."); // ASCII keeps the text on the fast path
        }
        if (source == null) {
            return new String[] {"", "", stack.toString()};
        }
        return new String[] {sourceFile(className(source)), Integer.toString(source.getLineNumber()), stack.toString()};
    }

    /** {@code pkg.Class.method:line}. */
    static String describe(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        String s = m == null ? "?" : className(f) + "." + m.getName();
        return f.getLineNumber() >= 0 ? s + ":" + f.getLineNumber() : s;
    }

    /** {@code dev.paje.Foo$Bar} → {@code dev/paje/Foo.java}. */
    static String sourceFile(String className) {
        int dollar = className.indexOf('$');
        String outer = dollar < 0 ? className : className.substring(0, dollar);
        return outer.replace('.', '/') + ".java";
    }

    private static String className(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        return m == null || m.getType() == null ? "?" : m.getType().getName();
    }

    private static boolean jdk(String className) {
        for (String p : JDK_PACKAGES) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
