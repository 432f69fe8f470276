package dev.paje.read;

/**
 * The fields the simulator understands. Any other field of an event is a user field and is kept
 * as text alongside the entity it creates.
 */
public enum Field {
    TIME("Time"),
    NAME("Name"),
    ALIAS("Alias"),
    TYPE("Type"),
    CONTAINER("Container"),
    VALUE("Value"),
    KEY("Key"),
    START_CONTAINER("StartContainer"),
    END_CONTAINER("EndContainer"),
    START_CONTAINER_TYPE("StartContainerType"),
    END_CONTAINER_TYPE("EndContainerType"),
    COLOR("Color"),
    FILENAME("Filename");

    private final String specName;

    Field(String specName) {
        this.specName = specName;
    }

    /** The field's name as written in a trace header. */
    public String specName() {
        return specName;
    }

    static final Field[] ALL = values();

    /** Resolves a header field name for one event kind; null means a user field. */
    static Field byName(String name, EventKind kind, boolean legacyNames) {
        if (legacyNames && kind == EventKind.DESTROY_CONTAINER && name.equals("Container")) {
            return NAME; // SimGrid 2010 traces name the destroyed container "Container"
        }
        for (Field f : ALL) {
            if (f.specName.equals(name)) {
                return f;
            }
        }
        if (legacyNames) {
            return switch (name) {
                case "ContainerType", "EntityType" -> TYPE;
                case "SourceContainerType" -> START_CONTAINER_TYPE;
                case "DestContainerType" -> END_CONTAINER_TYPE;
                case "SourceContainer" -> START_CONTAINER;
                case "DestContainer" -> END_CONTAINER;
                case "FileName" -> kind == EventKind.TRACE_FILE ? FILENAME : null;
                default -> null;
            };
        }
        return null;
    }
}
