package dev.paje.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The header of a small Pajé trace written by a test: each event's {@code %EventDef} block, with the fields
 * PajeNG's own traces give that event (or fields of the test's choosing), so that tests need not copy the blocks.
 */
public final class PajeHeader {
    private final List<String> lines = new ArrayList<>();

    /** Defines {@code event} as {@code id} with its usual fields, e.g. {@code define(3, "PajeSetState")}. */
    public PajeHeader define(int id, String event) {
        return define(id, event, usualFields(event));
    }

    /** Defines {@code event} as {@code id} with these fields ("Time date", "Type string"...), in this order. */
    public PajeHeader define(int id, String event, String... fields) {
        lines.add("%EventDef " + event + " " + id);
        for (String field : fields) {
            lines.add("% " + field);
        }
        lines.add("%EndEventDef");
        return this;
    }

    /** The header's lines, without line ends. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The header as text, each line ended with '\n'. */
    public String text() {
        return String.join("\n", lines) + "\n";
    }

    private static String[] usualFields(String event) {
        return switch (event) {
            case "PajeDefineContainerType", "PajeDefineStateType", "PajeDefineEventType", "PajeDefineVariableType" ->
                new String[] {"Alias string", "Type string", "Name string"};
            case "PajeDefineLinkType" -> new String[] {"Alias string", "Type string", "StartContainerType string",
                "EndContainerType string", "Name string"};
            case "PajeDefineEntityValue" -> new String[] {"Alias string", "Type string", "Name string", "Color color"};
            case "PajeCreateContainer" -> new String[] {"Time date", "Alias string", "Type string", "Container string", "Name string"};
            case "PajeDestroyContainer" -> new String[] {"Time date", "Type string", "Name string"};
            case "PajeSetState", "PajePushState", "PajeNewEvent" ->
                new String[] {"Time date", "Type string", "Container string", "Value string"};
            case "PajePopState", "PajeResetState" -> new String[] {"Time date", "Type string", "Container string"};
            case "PajeSetVariable", "PajeAddVariable", "PajeSubVariable" ->
                new String[] {"Time date", "Type string", "Container string", "Value double"};
            case "PajeStartLink" -> new String[] {"Time date", "Type string", "Container string", "StartContainer string",
                "Value string", "Key string"};
            case "PajeEndLink" -> new String[] {"Time date", "Type string", "Container string", "EndContainer string",
                "Value string", "Key string"};
            default -> throw new IllegalArgumentException("test bug: no usual fields for " + event + ": give them");
        };
    }
}
