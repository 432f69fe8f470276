package dev.paje.store;

/**
 * A named value an entity of some type may take (a state such as "Running", an event kind…).
 *
 * @param index position in its type's value list; what entity tables store
 * @param name the value's name as printed
 * @param alias the short name used in the trace, or null
 * @param color the {@code Color} field as written ("r g b", components in [0,1]), or null
 */
public record EntityValue(int index, String name, String alias, String color) {
}
