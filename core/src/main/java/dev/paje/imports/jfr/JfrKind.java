package dev.paje.imports.jfr;

import java.util.HashMap;
import java.util.Map;

/** The JFR event types the importer maps (docs/jfr.md); every other type is skipped. */
enum JfrKind {
    MONITOR_ENTER("jdk.JavaMonitorEnter"),
    MONITOR_WAIT("jdk.JavaMonitorWait"),
    THREAD_PARK("jdk.ThreadPark"),
    THREAD_SLEEP("jdk.ThreadSleep"),
    SOCKET_READ("jdk.SocketRead"),
    SOCKET_WRITE("jdk.SocketWrite"),
    FILE_READ("jdk.FileRead"),
    FILE_WRITE("jdk.FileWrite"),
    EXECUTION_SAMPLE("jdk.ExecutionSample"),
    THREAD_START("jdk.ThreadStart"),
    THREAD_END("jdk.ThreadEnd"),
    VIRTUAL_THREAD_START("jdk.VirtualThreadStart"),
    VIRTUAL_THREAD_END("jdk.VirtualThreadEnd"),
    ERROR_THROW("jdk.JavaErrorThrow"),
    EXCEPTION_THROW("jdk.JavaExceptionThrow"),
    GARBAGE_COLLECTION("jdk.GarbageCollection"),
    GC_PAUSE("jdk.GCPhasePause"),
    GC_PAUSE_1("jdk.GCPhasePauseLevel1"),
    GC_PAUSE_2("jdk.GCPhasePauseLevel2"),
    GC_PAUSE_3("jdk.GCPhasePauseLevel3"),
    GC_PAUSE_4("jdk.GCPhasePauseLevel4"),
    GC_CONCURRENT("jdk.GCPhaseConcurrent"),
    GC_CONCURRENT_1("jdk.GCPhaseConcurrentLevel1"),
    HEAP_SUMMARY("jdk.GCHeapSummary"),
    CPU_LOAD("jdk.CPULoad"),
    ALLOCATION_STATISTICS("jdk.ThreadAllocationStatistics"),
    COMPILATION("jdk.Compilation"),
    COMPILATION_FAILURE("jdk.CompilationFailure"),
    JVM_INFORMATION("jdk.JVMInformation"),
    ACTIVE_SETTING("jdk.ActiveSetting");

    private static final Map<String, JfrKind> BY_NAME = new HashMap<>();

    static {
        for (JfrKind k : values()) {
            BY_NAME.put(k.jfrName, k);
        }
    }

    final String jfrName;

    JfrKind(String jfrName) {
        this.jfrName = jfrName;
    }

    /** The kind of a JFR event type's name, or null when it is not mapped. */
    static JfrKind of(String name) {
        return BY_NAME.get(name);
    }
}
