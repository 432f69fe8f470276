package dev.paje.read;

import java.util.Arrays;
import java.util.List;

/**
 * One {@code %EventDef} block: which event it defines and where each understood field sits in an
 * event line. Field positions are resolved once here so the hot path never compares names.
 */
public final class EventDefinition {
    private final String id;
    private final EventKind kind;
    private final List<String> fieldNames;
    private final List<FieldType> fieldTypes;
    private final int[] positionOf;
    private final int[] userPositions;
    private final int line;
    /** The size of {@link #fieldNames}, kept as a field: the tokenizer reads it per line. */
    private final int fieldCount;
    private final boolean fast;
    /** How many user fields an entity event may have and still take the tokenizer's fast path. */
    static final int MAX_FAST_USER_FIELDS = 2;
    // Positions used by the tokenizer's fast path (-1 when the kind has no such field).
    final int timePosition;
    final int typePosition;
    final int containerPosition;
    final int valuePosition;
    final int numberPosition;
    final int otherPosition;
    final int keyPosition;
    /** How many user fields (the length of {@link #userPositions()}): read per record where records are simulated. */
    final int userCount;

    EventDefinition(String id, EventKind kind, List<String> fieldNames, List<FieldType> fieldTypes,
            Field[] roles, int line) {
        this.id = id;
        this.kind = kind;
        this.fieldNames = List.copyOf(fieldNames);
        this.fieldTypes = List.copyOf(fieldTypes);
        this.fieldCount = this.fieldNames.size();
        this.line = line;
        this.positionOf = new int[Field.ALL.length];
        Arrays.fill(positionOf, -1);
        int users = 0;
        for (int i = 0; i < roles.length; i++) {
            if (roles[i] == null) {
                users++;
            } else {
                positionOf[roles[i].ordinal()] = i;
            }
        }
        this.userPositions = new int[users];
        for (int i = 0, u = 0; i < roles.length; i++) {
            if (roles[i] == null) {
                userPositions[u++] = i;
            }
        }
        this.fast = users <= MAX_FAST_USER_FIELDS && kind.entity();
        this.timePosition = position(Field.TIME);
        this.typePosition = position(Field.TYPE);
        this.containerPosition = position(Field.CONTAINER);
        boolean variable = kind == EventKind.SET_VARIABLE || kind == EventKind.ADD_VARIABLE
                || kind == EventKind.SUB_VARIABLE;
        boolean named = kind == EventKind.SET_STATE || kind == EventKind.PUSH_STATE
                || kind == EventKind.NEW_EVENT || kind == EventKind.START_LINK || kind == EventKind.END_LINK;
        this.valuePosition = named ? position(Field.VALUE) : -1;
        this.numberPosition = variable ? position(Field.VALUE) : -1;
        this.otherPosition = kind == EventKind.START_LINK ? position(Field.START_CONTAINER)
                : kind == EventKind.END_LINK ? position(Field.END_CONTAINER) : -1;
        this.keyPosition = kind == EventKind.START_LINK || kind == EventKind.END_LINK ? position(Field.KEY) : -1;
        this.userCount = users;
    }

    /** True when lines of this definition take the tokenizer's fast path: entity events without user fields. */
    boolean fast() {
        return fast;
    }

    /** The token that identifies this definition in event lines. */
    public String id() {
        return id;
    }

    public EventKind kind() {
        return kind;
    }

    /** Number of fields an event line carries after its id. */
    public int fieldCount() {
        return fieldCount;
    }

    public List<String> fieldNames() {
        return fieldNames;
    }

    public List<FieldType> fieldTypes() {
        return fieldTypes;
    }

    /** Position (0-based, after the id) of a field in event lines, or -1 when not declared. */
    public int position(Field field) {
        return positionOf[field.ordinal()];
    }

    /** Positions of the fields the simulator does not interpret, in declaration order. */
    public int[] userPositions() {
        return userPositions;
    }

    /** Line of the {@code %EventDef} that started this definition. */
    public int line() {
        return line;
    }
}
