package dev.paje.imports.otf2;

/**
 * The event records of OTF2 3.0 by id: names (for the point events of records the mapping does not treat
 * otherwise) and which records are "singletons", written without a record length because their only field
 * is one compressed integer (records of OTF2 1.0 and 1.1 only).
 */
final class EventRecords {
    static final int FIRST = 10;
    static final int BUFFER_FLUSH = 10;
    static final int MEASUREMENT_ON_OFF = 11;
    static final int ENTER = 12;
    static final int LEAVE = 13;
    static final int MPI_SEND = 14;
    static final int MPI_ISEND = 15;
    static final int MPI_ISEND_COMPLETE = 16;
    static final int MPI_IRECV_REQUEST = 17;
    static final int MPI_RECV = 18;
    static final int MPI_IRECV = 19;
    static final int MPI_REQUEST_TEST = 20;
    static final int MPI_REQUEST_CANCELLED = 21;
    static final int MPI_COLLECTIVE_BEGIN = 22;
    static final int MPI_COLLECTIVE_END = 23;
    static final int OMP_FORK = 24;
    static final int METRIC = 31;
    static final int PARAMETER_STRING = 32;
    static final int PARAMETER_INT = 33;
    static final int PARAMETER_UNSIGNED_INT = 34;

    private static final String[] NAMES = {"BufferFlush", "MeasurementOnOff", "Enter", "Leave", "MpiSend", "MpiIsend",
        "MpiIsendComplete", "MpiIrecvRequest", "MpiRecv", "MpiIrecv", "MpiRequestTest", "MpiRequestCancelled",
        "MpiCollectiveBegin", "MpiCollectiveEnd", "OmpFork", "OmpJoin", "OmpAcquireLock", "OmpReleaseLock",
        "OmpTaskCreate", "OmpTaskSwitch", "OmpTaskComplete", "Metric", "ParameterString", "ParameterInt",
        "ParameterUnsignedInt", "RmaWinCreate", "RmaWinDestroy", "RmaCollectiveBegin", "RmaCollectiveEnd",
        "RmaGroupSync", "RmaRequestLock", "RmaAcquireLock", "RmaTryLock", "RmaReleaseLock", "RmaSync",
        "RmaWaitChange", "RmaPut", "RmaGet", "RmaAtomic", "RmaOpCompleteBlocking", "RmaOpCompleteNonBlocking",
        "RmaOpTest", "RmaOpCompleteRemote", "ThreadFork", "ThreadJoin", "ThreadTeamBegin", "ThreadTeamEnd",
        "ThreadAcquireLock", "ThreadReleaseLock", "ThreadTaskCreate", "ThreadTaskSwitch", "ThreadTaskComplete",
        "ThreadCreate", "ThreadBegin", "ThreadWait", "ThreadEnd", "CallingContextEnter", "CallingContextLeave",
        "CallingContextSample", "IoCreateHandle", "IoDestroyHandle", "IoDuplicateHandle", "IoSeek",
        "IoChangeStatusFlags", "IoDeleteFile", "IoOperationBegin", "IoOperationTest", "IoOperationIssued",
        "IoOperationComplete", "IoOperationCancelled", "IoAcquireLock", "IoReleaseLock", "IoTryLock", "ProgramBegin",
        "ProgramEnd", "NonBlockingCollectiveRequest", "NonBlockingCollectiveComplete", "CommCreate", "CommDestroy"};

    /** Singletons: Enter, Leave, the MPI request records and the OpenMP fork and task records. */
    private static final boolean[] SINGLETON = new boolean[FIRST + NAMES.length];

    static {
        for (int id : new int[] {ENTER, LEAVE, MPI_ISEND_COMPLETE, MPI_IRECV_REQUEST, MPI_REQUEST_TEST, MPI_REQUEST_CANCELLED,
            OMP_FORK, 28, 29, 30}) {
            SINGLETON[id] = true;
        }
    }

    private EventRecords() {
    }

    /** The record's name, or null for an id this reader does not know (a later OTF2 version). */
    static String name(int id) {
        return id >= FIRST && id < FIRST + NAMES.length ? NAMES[id - FIRST] : null;
    }

    static boolean singleton(int id) {
        return id < SINGLETON.length && SINGLETON[id];
    }

    /** OTF2's collective operations by their enum value: made once (a collective's end names it twice). */
    private static final String[] OPS = {"Barrier", "Bcast", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather",
            "Allgatherv", "Alltoall", "Alltoallv", "Alltoallw", "Allreduce", "Reduce", "Reduce_scatter", "Scan", "Exscan",
            "Reduce_scatter_block", "Create_handle", "Destroy_handle", "Allocate", "Deallocate",
            "Create_handle_and_allocate", "Destroy_handle_and_deallocate"};

    static String collective(int op) {
        return op >= 0 && op < OPS.length ? OPS[op] : "Collective " + op;
    }
}
