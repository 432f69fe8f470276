package dev.paje.read;

import java.io.IOException;

/**
 * A trace whose entity events reach the reader as values (times as doubles, names interned) instead of
 * Pajé text: an importer that would otherwise write text only for the reader to parse it again. What comes
 * before the first entity event (header, type definitions, containers) is few lines: it stays text.
 */
public interface EntitySource {
    /** The Pajé text before the first entity event: the event definitions, the types, values and containers. */
    byte[] prologue() throws IOException;

    /** Hands every entity event to {@code feed}, in trace order, as the lines that would follow the prologue. */
    void entities(EntityFeed feed) throws IOException;
}
