package dev.paje.read;

import static dev.paje.read.Field.*;

import java.util.EnumSet;
import java.util.Set;

/** Every event the Pajé simulator understands, with the fields a definition of it must declare. */
public enum EventKind {
    DEFINE_CONTAINER_TYPE("PajeDefineContainerType", NAME, TYPE),
    DEFINE_STATE_TYPE("PajeDefineStateType", NAME, TYPE),
    DEFINE_EVENT_TYPE("PajeDefineEventType", NAME, TYPE),
    DEFINE_VARIABLE_TYPE("PajeDefineVariableType", NAME, TYPE),
    DEFINE_LINK_TYPE("PajeDefineLinkType", NAME, TYPE, START_CONTAINER_TYPE, END_CONTAINER_TYPE),
    DEFINE_ENTITY_VALUE("PajeDefineEntityValue", NAME, TYPE),
    CREATE_CONTAINER("PajeCreateContainer", TIME, NAME, TYPE, CONTAINER),
    DESTROY_CONTAINER("PajeDestroyContainer", TIME, NAME, TYPE),
    SET_STATE("PajeSetState", TIME, TYPE, CONTAINER, VALUE),
    PUSH_STATE("PajePushState", TIME, TYPE, CONTAINER, VALUE),
    POP_STATE("PajePopState", TIME, TYPE, CONTAINER),
    RESET_STATE("PajeResetState", TIME, TYPE, CONTAINER),
    NEW_EVENT("PajeNewEvent", TIME, TYPE, CONTAINER, VALUE),
    SET_VARIABLE("PajeSetVariable", TIME, TYPE, CONTAINER, VALUE),
    ADD_VARIABLE("PajeAddVariable", TIME, TYPE, CONTAINER, VALUE),
    SUB_VARIABLE("PajeSubVariable", TIME, TYPE, CONTAINER, VALUE),
    START_LINK("PajeStartLink", TIME, TYPE, CONTAINER, START_CONTAINER, VALUE, KEY),
    END_LINK("PajeEndLink", TIME, TYPE, CONTAINER, END_CONTAINER, VALUE, KEY),
    TRACE_FILE("PajeTraceFile", FILENAME);

    private final String specName;
    private final Set<Field> required;

    EventKind(String specName, Field first, Field... rest) {
        this.specName = specName;
        this.required = EnumSet.of(first, rest);
    }

    /** The event's name as written after {@code %EventDef}. */
    public String specName() {
        return specName;
    }

    /** The fields every definition of this event must declare. */
    public Set<Field> required() {
        return required;
    }

    /** True for the events that create or change entities: states, events, variables, links. */
    public boolean entity() {
        return ordinal() >= SET_STATE.ordinal() && ordinal() <= END_LINK.ordinal();
    }

    /** True for the events that carry a timestamp and so take part in time ordering. */
    public boolean timed() {
        return required.contains(TIME);
    }

    static EventKind bySpecName(String name) {
        for (EventKind k : values()) {
            if (k.specName.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
