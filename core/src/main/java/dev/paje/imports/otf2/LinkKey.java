package dev.paje.imports.otf2;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The keys of one channel's links: a prefix, then the message's number on the channel in decimal, kept as ASCII
 * bytes and counted up in place. Why: a link's key is copied, not formatted digit by digit, nor its prefix
 * encoded again.
 */
final class LinkKey {
    private byte[] bytes;
    private final int prefix;
    private int length;

    /** Keys {@code prefix} (ASCII) then 0, 1, 2... */
    LinkKey(String prefix) {
        byte[] p = prefix.getBytes(StandardCharsets.ISO_8859_1);
        this.prefix = p.length;
        bytes = Arrays.copyOf(p, p.length + 20);
        bytes[p.length] = '0';
        length = p.length + 1;
    }

    /** The current key's bytes, {@link #length} of them. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** The current key as a String (for Pajé text). */
    String text() {
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    /** Moves to the next number: the last digit up, carrying over the nines. */
    void advance() {
        int i = length - 1;
        while (i >= prefix && bytes[i] == '9') {
            bytes[i--] = '0';
        }
        if (i >= prefix) {
            bytes[i]++;
            return;
        }
        if (length == bytes.length) { // all nines were one digit short: 10...0
            bytes = Arrays.copyOf(bytes, length + 8);
        }
        bytes[prefix] = '1';
        bytes[length++] = '0';
    }
}
