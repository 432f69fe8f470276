package dev.paje.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded damage to a trace's text, shared by the loader's and the command line's mutation tests: lines
 * dropped, duplicated, swapped; truncation; fields swapped, deleted, duplicated or added (wrong field
 * counts); numbers made huge or meaningless; bytes replaced or bit-flipped. The same seed always gives
 * the same mutant, so a failure is replayed from its seed alone.
 */
public final class TraceMutator {
    private static final byte[] REPLACEMENTS = {'"', '#', '%', '\t', '\r', '\n', '0', '9', '.', '-', 'e', 'x'};
    /** Numbers a writer may produce by mistake or an attacker on purpose. */
    private static final String[] HUGE = {"1e400", "-1e400", "99999999999999999999999999", "-0", "NaN", "Infinity",
        "1e-400", "2147483648", "-9223372036854775809", "0x7fffffff", "1.7976931348623157e308", "4.9e-324"};

    /** A damaged trace and what was done to it, for the failure message. */
    public record Mutant(byte[] bytes, List<String> applied) {
    }

    private TraceMutator() {
    }

    /** One to three mutations of {@code original}, drawn from {@code new Random(seed)}. */
    public static Mutant mutate(byte[] original, long seed) {
        Random random = new Random(seed);
        // ISO-8859-1 maps bytes to chars one to one, so mutations work on bytes.
        String text = new String(original, StandardCharsets.ISO_8859_1);
        List<String> applied = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int m = 0; m < count; m++) {
            text = mutate(text, random, applied);
        }
        return new Mutant(text.getBytes(StandardCharsets.ISO_8859_1), List.copyOf(applied));
    }

    /** Lines as the reader counts them: one per '\n', plus an unterminated last line. */
    public static long countLines(byte[] bytes) {
        long n = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                n++;
            }
        }
        if (bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
            n++;
        }
        return n;
    }

    private static String mutate(String text, Random r, List<String> applied) {
        int kind = r.nextInt(10);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        switch (kind) {
            case 0 -> { // drop a line
                int i = r.nextInt(lines.size());
                lines.remove(i);
                applied.add("drop line " + (i + 1));
                return String.join("\n", lines);
            }
            case 1 -> { // duplicate a line
                int i = r.nextInt(lines.size());
                lines.add(i, lines.get(i));
                applied.add("duplicate line " + (i + 1));
                return String.join("\n", lines);
            }
            case 2 -> { // swap two lines
                int i = r.nextInt(lines.size());
                int j = r.nextInt(lines.size());
                Collections.swap(lines, i, j);
                applied.add("swap lines " + (i + 1) + " and " + (j + 1));
                return String.join("\n", lines);
            }
            case 3 -> { // truncate at a random byte
                int at = text.isEmpty() ? 0 : r.nextInt(text.length());
                applied.add("truncate at byte " + at);
                return text.substring(0, at);
            }
            case 4, 5, 6, 7 -> { // swap two fields, delete one, duplicate one, add one: wrong field counts
                int i = pickLineWithFields(lines, r, kind == 4 ? 2 : 1);
                if (i < 0) {
                    applied.add("(no line with fields)");
                    return text;
                }
                List<String> fields = new ArrayList<>(List.of(lines.get(i).strip().split("[ \t]+")));
                int a = r.nextInt(fields.size());
                switch (kind) {
                    case 4 -> {
                        int b = r.nextInt(fields.size());
                        Collections.swap(fields, a, b);
                        applied.add("swap fields " + a + " and " + b + " of line " + (i + 1));
                    }
                    case 5 -> {
                        fields.remove(a);
                        applied.add("delete field " + a + " of line " + (i + 1));
                    }
                    case 6 -> {
                        fields.add(a, fields.get(a));
                        applied.add("duplicate field " + a + " of line " + (i + 1));
                    }
                    default -> {
                        fields.add("extra" + r.nextInt(10));
                        applied.add("add a field to line " + (i + 1));
                    }
                }
                lines.set(i, String.join(" ", fields));
                return String.join("\n", lines);
            }
            case 8 -> { // a number made huge, tiny or meaningless
                int i = pickLineWithFields(lines, r, 2);
                if (i < 0) {
                    applied.add("(no line with fields)");
                    return text;
                }
                List<String> fields = new ArrayList<>(List.of(lines.get(i).strip().split("[ \t]+")));
                int a = 1 + r.nextInt(fields.size() - 1);
                String huge = HUGE[r.nextInt(HUGE.length)];
                fields.set(a, huge);
                applied.add("field " + a + " of line " + (i + 1) + " := " + huge);
                lines.set(i, String.join(" ", fields));
                return String.join("\n", lines);
            }
            default -> { // replace a byte, or flip one of its bits
                if (text.isEmpty()) {
                    applied.add("(empty: no byte to replace)");
                    return text;
                }
                int at = r.nextInt(text.length());
                char c;
                if (r.nextInt(4) == 0) {
                    c = (char) ((text.charAt(at) ^ (1 << r.nextInt(8))) & 0xFF);
                    applied.add("flip a bit of byte " + at + " to 0x" + Integer.toHexString(c));
                } else {
                    c = (char) REPLACEMENTS[r.nextInt(REPLACEMENTS.length)];
                    applied.add("replace byte " + at + " with " + printable(c));
                }
                return text.substring(0, at) + c + text.substring(at + 1);
            }
        }
    }

    private static int pickLineWithFields(List<String> lines, Random r, int minFields) {
        for (int attempt = 0; attempt < 20; attempt++) {
            int i = r.nextInt(lines.size());
            String s = lines.get(i).strip();
            if (!s.isEmpty() && s.split("[ \t]+").length >= minFields) {
                return i;
            }
        }
        return -1;
    }

    private static String printable(char c) {
        return switch (c) {
            case '\t' -> "'\\t'";
            case '\r' -> "'\\r'";
            case '\n' -> "'\\n'";
            default -> "'" + c + "'";
        };
    }
}
