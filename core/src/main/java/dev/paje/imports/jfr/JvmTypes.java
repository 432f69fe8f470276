package dev.paje.imports.jfr;

import dev.paje.imports.PajeText;
import dev.paje.read.EventKind;

/**
 * The Pajé type hierarchy of a JVM (the table of docs/jfr.md) and the shapes of its user fields:
 * declared once per trace, before the first container.
 */
final class JvmTypes {
    // container types
    static final String JVM = "JVM";
    static final String THREAD = "THR";
    static final String GC = "GC";
    static final String JIT = "JIT";
    static final String COMPILER = "CT";
    // state types
    static final String THREAD_STATE = "TS";
    static final String COLLECTION = "GCC";
    static final String GC_PHASE = "GCP";
    static final String GC_CONCURRENT = "GCX";
    static final String COMPILATION = "CMP";
    // event types
    static final String THREAD_EVENT = "TE";
    static final String JIT_EVENT = "JE";
    static final String IMPORT_NOTE = "IN";
    // variable types
    static final String HEAP_USED = "HU";
    static final String HEAP_COMMITTED = "HC";
    static final String CPU_USER = "CU";
    static final String CPU_SYSTEM = "CS";
    static final String CPU_MACHINE = "CM";
    static final String ALLOCATION_RATE = "AR";
    // link types
    static final String HANDOFF = "MON";

    /** A thread's states, with the colours the legend starts from. */
    enum ThreadState {
        RUNNING("Running", "0.2 0.7 0.2"),
        BLOCKED("Blocked", "0.9 0.1 0.1"),
        WAITING("Waiting", "1 0.6 0"),
        PARKED("Parked", "0.95 0.85 0.2"),
        SLEEPING("Sleeping", "0.4 0.6 1"),
        SOCKET_READ("Socket read", "0.6 0.3 0.8"),
        SOCKET_WRITE("Socket write", "0.8 0.4 0.9"),
        FILE_READ("File read", "0.55 0.35 0.15"),
        FILE_WRITE("File write", "0.75 0.55 0.3");

        final String label;
        final String color;

        ThreadState(String label, String color) {
            this.label = label;
            this.color = color;
        }
    }

    final PajeText.Shape jvm;
    final PajeText.Shape thread;
    final PajeText.Shape threadState;
    final PajeText.Shape threadEvent;
    final PajeText.Shape vmState;
    final PajeText.Shape vmEvent;
    final PajeText.Shape handoff;

    /** Declares the shapes (they go into the header) and then the types. */
    JvmTypes(PajeText out) {
        jvm = out.shape(EventKind.CREATE_CONTAINER, "Pid", "JVM arguments", "Java arguments", "JVM version");
        thread = out.shape(EventKind.CREATE_CONTAINER, "Thread id", "OS thread id", "Virtual");
        threadState = out.shape(EventKind.PUSH_STATE, "Detail", "Bytes", "File", "Line", "Stack");
        threadEvent = out.shape(EventKind.NEW_EVENT, "Detail", "File", "Line", "Stack");
        vmState = out.shape(EventKind.PUSH_STATE, "Detail", "Id");
        vmEvent = out.shape(EventKind.NEW_EVENT, "Detail", "Id");
        handoff = out.shape(EventKind.START_LINK, "Monitor", "Blocked");

        out.containerType(JVM, "0", "JVM");
        out.containerType(THREAD, JVM, "Thread");
        out.containerType(GC, JVM, "GC");
        out.containerType(JIT, JVM, "JIT");
        out.containerType(COMPILER, JIT, "Compiler thread");
        out.stateType(THREAD_STATE, THREAD, "Thread state");
        for (ThreadState s : ThreadState.values()) {
            out.value(s.name(), THREAD_STATE, s.label, s.color);
        }
        out.stateType(COLLECTION, GC, "Collection");
        out.stateType(GC_PHASE, GC, "GC phase");
        out.stateType(GC_CONCURRENT, GC, "GC concurrent phase");
        out.stateType(COMPILATION, COMPILER, "Compilation");
        out.eventType(THREAD_EVENT, THREAD, "Thread event");
        out.eventType(JIT_EVENT, JIT, "JIT event");
        out.eventType(IMPORT_NOTE, JVM, "Import note");
        out.variableType(HEAP_USED, JVM, "Heap used (MiB)", "0.2 0.4 0.9");
        out.variableType(HEAP_COMMITTED, JVM, "Heap committed (MiB)", "0.6 0.7 0.9");
        out.variableType(CPU_USER, JVM, "CPU JVM user (%)", "0.9 0.3 0.2");
        out.variableType(CPU_SYSTEM, JVM, "CPU JVM system (%)", "0.9 0.6 0.2");
        out.variableType(CPU_MACHINE, JVM, "CPU machine (%)", "0.5 0.5 0.5");
        out.variableType(ALLOCATION_RATE, THREAD, "Allocation rate (MiB/s)", "0.3 0.7 0.7");
        out.linkType(HANDOFF, JVM, THREAD, THREAD, "Monitor handoff");
    }
}
