package dev.paje.trace;

import java.nio.charset.StandardCharsets;

/**
 * The standard Pajé event definitions the header declares, PajeNG's field names as poti writes them;
 * a definition's id is its ordinal. Lines start with the pre-encoded id.
 */
enum Standard {
    DEFINE_CONTAINER_TYPE("PajeDefineContainerType", "Alias string", "Type string", "Name string"),
    DEFINE_STATE_TYPE("PajeDefineStateType", "Alias string", "Type string", "Name string"),
    DEFINE_EVENT_TYPE("PajeDefineEventType", "Alias string", "Type string", "Name string"),
    DEFINE_VARIABLE_TYPE("PajeDefineVariableType", "Alias string", "Type string", "Name string", "Color color"),
    DEFINE_LINK_TYPE("PajeDefineLinkType", "Alias string", "Type string", "StartContainerType string",
            "EndContainerType string", "Name string"),
    DEFINE_ENTITY_VALUE("PajeDefineEntityValue", "Alias string", "Type string", "Name string", "Color color"),
    CREATE_CONTAINER("PajeCreateContainer", "Time date", "Alias string", "Type string", "Container string",
            "Name string"),
    DESTROY_CONTAINER("PajeDestroyContainer", "Time date", "Type string", "Name string"),
    SET_STATE("PajeSetState", "Time date", "Type string", "Container string", "Value string"),
    PUSH_STATE("PajePushState", "Time date", "Type string", "Container string", "Value string"),
    POP_STATE("PajePopState", "Time date", "Type string", "Container string"),
    RESET_STATE("PajeResetState", "Time date", "Type string", "Container string"),
    NEW_EVENT("PajeNewEvent", "Time date", "Type string", "Container string", "Value string"),
    START_LINK("PajeStartLink", "Time date", "Type string", "Container string", "StartContainer string",
            "Value string", "Key string"),
    END_LINK("PajeEndLink", "Time date", "Type string", "Container string", "EndContainer string",
            "Value string", "Key string"),
    SET_VARIABLE("PajeSetVariable", "Time date", "Type string", "Container string", "Value double"),
    ADD_VARIABLE("PajeAddVariable", "Time date", "Type string", "Container string", "Value double"),
    SUB_VARIABLE("PajeSubVariable", "Time date", "Type string", "Container string", "Value double");

    final String specName;
    final String[] fields;
    /** The id as a line's first token. */
    final byte[] id;

    Standard(String specName, String... fields) {
        this.specName = specName;
        this.fields = fields;
        this.id = Integer.toString(ordinal()).getBytes(StandardCharsets.US_ASCII);
    }

    /** The {@code %EventDef} block of this definition under {@code id}, with {@code userFields} (strings) after. */
    String definition(int id, java.util.List<String> userFields) {
        StringBuilder s = new StringBuilder("%EventDef ").append(specName).append(' ').append(id).append('\n');
        for (String f : fields) {
            s.append("% ").append(f).append('\n');
        }
        for (String u : userFields) {
            s.append("% ").append(u).append(" string\n");
        }
        return s.append("%EndEventDef\n").toString();
    }
}
