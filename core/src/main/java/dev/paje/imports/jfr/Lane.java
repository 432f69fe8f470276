package dev.paje.imports.jfr;

/** The state types: each is one stack of nested states per container. */
enum Lane {
    THREAD_STATE(JvmTypes.THREAD_STATE),
    COLLECTION(JvmTypes.COLLECTION),
    GC_PHASE(JvmTypes.GC_PHASE),
    GC_CONCURRENT(JvmTypes.GC_CONCURRENT),
    COMPILATION(JvmTypes.COMPILATION);

    final String type;

    Lane(String type) {
        this.type = type;
    }
}
