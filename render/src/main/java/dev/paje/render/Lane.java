package dev.paje.render;

import dev.paje.store.Type;

/** A horizontal band of a row for one entity type (states, a variable, or the events of a row without states). */
record Lane(Type type, int top, int height) {
}
