package dev.paje.server;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** The query parameters of a request, parsed and checked; every problem is a 400 that says what is wrong. */
final class Params {
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern ID = Pattern.compile("\\d{1,9}");

    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = values;
    }

    /** Parses a raw query string (may be null); a parameter given twice is an error. */
    static Params parse(String rawQuery) {
        Map<String, String> map = new HashMap<>();
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                if (map.put(name, value) != null) {
                    throw ApiException.badRequest(name + " is given more than once");
                }
            }
        }
        return new Params(map);
    }

    /** The numbers {@code start} and {@code end} of a time window, start not after end. */
    double[] window() {
        double start = number("start");
        double end = number("end");
        if (start > end) {
            throw ApiException.badRequest("start must not be after end, found start=" + start + " and end=" + end);
        }
        return new double[] {start, end};
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("malformed query string: " + e.getMessage());
        }
    }

    private String required(String name) {
        String v = values.get(name);
        if (v == null) {
            throw ApiException.badRequest(name + " is missing");
        }
        return v;
    }

    /** A text as given (decoded). */
    String text(String name) {
        return required(name);
    }

    /** A finite decimal number. */
    double number(String name) {
        String v = required(name);
        if (!NUMBER.matcher(v).matches()) {
            throw ApiException.badRequest(name + " must be a number, found '" + shorten(v) + "'");
        }
        double d = Double.parseDouble(v);
        if (!Double.isFinite(d)) {
            throw ApiException.badRequest(name + " must be a finite number, found '" + shorten(v) + "'");
        }
        return d;
    }

    /** An integer in {@code [min, max]}. */
    int integer(String name, int min, int max) {
        String v = required(name);
        long n = ID.matcher(v).matches() ? Long.parseLong(v) : -1;
        if (n < min || n > max) {
            throw ApiException.badRequest(name + " must be an integer between " + min + " and " + max
                    + ", found '" + shorten(v) + "'");
        }
        return (int) n;
    }

    /** A non-negative id (container, type, row). */
    int id(String name) {
        String v = required(name);
        if (!ID.matcher(v).matches()) {
            throw ApiException.badRequest(name + " must be an id (a non-negative integer), found '" + shorten(v) + "'");
        }
        return Integer.parseInt(v);
    }

    /** Whether the parameter is present. */
    boolean has(String name) {
        return values.containsKey(name);
    }

    /** A comma-separated list of ids, at most {@code max} distinct ones, duplicates dropped, order kept. */
    int[] ids(String name, int max) {
        String v = required(name);
        if (v.isEmpty()) {
            return new int[0];
        }
        String[] parts = v.split(",", -1);
        java.util.LinkedHashSet<Integer> ids = new java.util.LinkedHashSet<>();
        for (String p : parts) {
            if (!ID.matcher(p).matches()) {
                throw ApiException.badRequest(name + " must be a comma-separated list of ids, found '" + shorten(p)
                        + "' in '" + shorten(v) + "'");
            }
            ids.add(Integer.parseInt(p));
            if (ids.size() > max) {
                throw ApiException.badRequest("too many " + name + ": " + parts.length + " given, at most " + max
                        + " per request");
            }
        }
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
