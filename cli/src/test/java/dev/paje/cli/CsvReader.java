package dev.paje.cli;

import java.util.ArrayList;
import java.util.List;

/** A strict RFC 4180 reader for the tests: quoted fields, doubled quotes, line breaks inside quotes. */
final class CsvReader {
    private CsvReader() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        boolean quoted = false;
        boolean any = false;
        while (i < text.length()) {
            char c = text.charAt(i++);
            if (quoted) {
                if (c == '"' && i < text.length() && text.charAt(i) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                if (field.length() > 0) {
                    throw new IllegalArgumentException("quote inside an unquoted field at " + i);
                }
                quoted = true;
                any = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (c == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                any = false;
            } else {
                field.append(c);
                any = true;
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated quoted field");
        }
        if (any) {
            throw new IllegalArgumentException("last row without a line end");
        }
        return rows;
    }
}
