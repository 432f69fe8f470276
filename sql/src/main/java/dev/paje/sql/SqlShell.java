package dev.paje.sql;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The prompt of {@code paje sql TRACE} without a query: statements end with ';' (and may span
 * lines); {@code .tables}, {@code .format table|csv|json}, {@code .timer on|off}, {@code .history}, {@code !N} (run history
 * entry N again), {@code .help}, {@code .quit}. A plain line reader (no terminal library): history is
 * what {@code .history} lists and {@code !N} reruns, kept across sessions in a file.
 */
public final class SqlShell {
    private static final int HISTORY_KEPT = 1000;

    private final SqlRunner runner;
    private final OutputStream out;
    private final PrintWriter err;
    private final boolean prompt;
    private final Path historyFile;
    private final List<String> history = new ArrayList<>();
    private ResultFormat format;
    private boolean failed;
    private boolean timer;

    /**
     * @param prompt whether to print prompts (on {@code err}: standard output holds only results)
     * @param historyFile where history is kept across sessions, or null for none
     */
    public SqlShell(SqlRunner runner, ResultFormat format, OutputStream out, PrintWriter err, boolean prompt,
            Path historyFile) {
        this.runner = runner;
        this.format = format;
        this.out = out;
        this.err = err;
        this.prompt = prompt;
        this.historyFile = historyFile;
    }

    /** Whether to print each statement's run time on {@code err} ({@code .timer on|off}). */
    public void timer(boolean on) {
        timer = on;
    }

    /** "Run Time: 0.123 s", as DuckDB's shell says it. */
    public static String runTime(long nanos) {
        return String.format(java.util.Locale.ROOT, "Run Time: %.3f s", nanos / 1e9);
    }

    /** Reads statements from {@code in} until its end or {@code .quit}; returns whether all succeeded. */
    public boolean run(InputStream in) throws IOException {
        loadHistory();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        StringBuilder pending = new StringBuilder();
        if (prompt) {
            err.println("SQL over the trace's tables: " + String.join(", ", TraceDatabase.tables())
                    + ". End statements with ';'. .help for commands.");
        }
        while (true) {
            if (prompt) {
                err.print(pending.length() == 0 ? "paje> " : "   ...> ");
                err.flush();
            }
            String line = reader.readLine();
            if (line == null) {
                break;
            }
            String trimmed = line.strip();
            if (pending.length() == 0 && (trimmed.startsWith(".") || trimmed.startsWith("!"))) {
                if (!command(trimmed)) {
                    break;
                }
                continue;
            }
            pending.append(pending.length() == 0 ? "" : "\n").append(line);
            if (trimmed.endsWith(";")) {
                execute(pending.toString().strip());
                pending.setLength(0);
            }
        }
        if (!pending.toString().isBlank()) {
            execute(pending.toString().strip()); // the last statement may lack its ';'
        }
        return !failed;
    }

    /** Runs a dot or bang command; false to stop. */
    private boolean command(String c) throws IOException {
        if (c.startsWith("!")) {
            int n;
            try {
                n = Integer.parseInt(c.substring(1).strip());
            } catch (NumberFormatException e) {
                fail("expected !N with N a number from .history, found '" + c + "'");
                return true;
            }
            if (n < 1 || n > history.size()) {
                fail("no history entry " + n + " (there are " + history.size() + ")");
                return true;
            }
            execute(history.get(n - 1));
            return true;
        }
        String[] words = c.split("\\s+");
        switch (words[0]) {
            case ".quit", ".exit" -> {
                return false;
            }
            case ".tables" -> {
                out.write((String.join("\n", TraceDatabase.tables()) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            case ".history" -> {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < history.size(); i++) {
                    sb.append(String.format("%4d  %s%n", i + 1, history.get(i).replace("\n", " ")));
                }
                out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            case ".timer" -> {
                if (words.length == 2 && (words[1].equals("on") || words[1].equals("off"))) {
                    timer = words[1].equals("on");
                } else {
                    fail("expected .timer on or .timer off, found '" + c + "'");
                }
            }
            case ".format" -> {
                ResultFormat f = words.length == 2 ? ResultFormat.parse(words[1]) : null;
                if (f == null) {
                    fail("expected .format table, csv or json, found '" + c + "'");
                } else {
                    format = f;
                }
            }
            case ".help" -> err.println("""
                    SELECT ... ;          run a statement (it may span lines; ';' ends it)
                    .tables               the tables (views over the trace's Parquet files)
                    .format table|csv|json how results are printed
                    .timer on|off         print each statement's run time
                    .history              the statements run before; !N runs number N again
                    .quit                 leave (or end of input)""");
            default -> fail("unknown command '" + words[0] + "': .help lists them");
        }
        return true;
    }

    private void execute(String sql) throws IOException {
        if (sql.isEmpty() || sql.equals(";")) {
            return;
        }
        remember(sql);
        try {
            long t0 = System.nanoTime();
            long rows = runner.run(sql, format, out);
            out.flush();
            if (timer) {
                err.println(runTime(System.nanoTime() - t0));
            }
            if (rows < 0 && prompt) {
                err.println("ok");
            }
        } catch (SQLException e) {
            fail(SqlRunner.message(e));
        }
    }

    private void fail(String message) {
        failed = true;
        err.println("paje sql: " + message);
        err.flush();
    }

    private void loadHistory() {
        if (historyFile == null || !Files.isRegularFile(historyFile)) {
            return;
        }
        try {
            for (String line : Files.readAllLines(historyFile, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    history.add(line.replace("\\n", "\n"));
                }
            }
        } catch (IOException e) {
            err.println("paje sql: warning: cannot read the history " + historyFile + ": " + e.getMessage());
        }
        while (history.size() > HISTORY_KEPT) {
            history.remove(0);
        }
    }

    private void remember(String sql) {
        if (!history.isEmpty() && history.get(history.size() - 1).equals(sql)) {
            return;
        }
        history.add(sql);
        if (historyFile == null) {
            return;
        }
        try {
            Files.createDirectories(historyFile.toAbsolutePath().getParent());
            Files.writeString(historyFile, sql.replace("\n", "\\n") + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            err.println("paje sql: warning: cannot write the history " + historyFile + ": " + e.getMessage());
        }
    }
}
