package dev.paje.store;

/** What a type in the hierarchy describes. */
public enum TypeKind {
    CONTAINER, STATE, EVENT, VARIABLE, LINK
}
