package dev.paje.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/** Rows of cells printed in aligned columns: the first left-aligned (names), the others right-aligned (figures). */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();

    TextTable row(String... cells) {
        rows.add(cells);
        return this;
    }

    void write(Writer out, String indent) throws IOException {
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.setLength(0);
            sb.append(indent);
            for (int i = 0; i < r.length; i++) {
                if (i == 0) {
                    sb.append(r[0]).append(" ".repeat(width[0] - r[0].length()));
                } else {
                    sb.append("  ").append(" ".repeat(width[i] - r[i].length())).append(r[i]);
                }
            }
            out.write(sb.toString().stripTrailing());
            out.write('\n');
        }
    }
}
