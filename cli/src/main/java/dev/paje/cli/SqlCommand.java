package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.sql.ParquetCache;
import dev.paje.sql.ResultFormat;
import dev.paje.sql.SqlRunner;
import dev.paje.sql.SqlShell;
import dev.paje.sql.TraceDatabase;
import dev.paje.sql.ZstdPages;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje sql}: SQL over the trace's Parquet tables in an embedded DuckDB. */
@Command(name = "sql", sortOptions = false,
        exitCodeList = {"0:the query ran", "2:wrong usage, or the query failed (DuckDB's message on stderr)"})
final class SqlCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TRACE", description = "Trace file; '-' reads standard input (then QUERY is needed).")
    String trace;

    @Parameters(index = "1", arity = "0..1", paramLabel = "QUERY", description = "One SQL statement; none: a prompt.")
    String query;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "table (default), csv or json.",
            converter = FormatConverter.class)
    ResultFormat format = ResultFormat.TABLE;

    @Option(names = "--timer", description = "Print each statement's run time on stderr.")
    boolean timer;

    @Mixin
    TraceCommand command;

    /** Reads table, csv or json in any case. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<ResultFormat> {
        @Override
        public ResultFormat convert(String value) {
            ResultFormat f = ResultFormat.parse(value);
            if (f == null) {
                throw new picocli.CommandLine.TypeConversionException("expected table, csv or json, found '" + value + "'");
            }
            return f;
        }
    }

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        if (query == null && "-".equals(trace)) {
            err.println("paje sql: the prompt reads standard input: give the trace as a file, or a QUERY");
            return ExitCodes.USAGE;
        }
        // blocks are checked when read: opening a cache need not read them all when the tables exist already
        TraceInput.Opened in = TraceInput.valid(command.loader().verifyCache(false).build(), trace, err, null);
        if (in.failed()) {
            return in.exit();
        }
        TraceLoader.Loaded loaded = in.loaded();
        ParquetCache tables;
        try {
            tables = ParquetCache.of(loaded.trace(), ZstdPages.preferred());
        } catch (IOException e) {
            err.println("paje sql: cannot write the trace's Parquet tables: " + OutputTarget.describe(e));
            return ExitCodes.IO;
        }
        try (tables; TraceDatabase db = TraceDatabase.open(tables.directory())) {
            return query == null ? prompt(db, err) : once(db, err);
        } catch (SQLException e) {
            err.println("paje sql: " + SqlRunner.message(e));
            return ExitCodes.USAGE;
        } catch (IOException e) {
            return OutputTarget.writeFailed(err, "sql", null, e);
        }
    }

    private int once(TraceDatabase db, PrintWriter err) throws IOException {
        OutputStream out = new BufferedOutputStream(Stdout.stream(), 1 << 16);
        try {
            long t0 = System.nanoTime();
            new SqlRunner(db.connection()).run(query, format, out);
            out.flush();
            if (timer) {
                err.println(SqlShell.runTime(System.nanoTime() - t0));
            }
        } catch (SQLException e) {
            out.flush();
            err.println("paje sql: " + SqlRunner.message(e));
            return ExitCodes.USAGE;
        }
        out.flush();
        return ExitCodes.OK;
    }

    private int prompt(TraceDatabase db, PrintWriter err) throws IOException {
        OutputStream out = new BufferedOutputStream(Stdout.stream(), 1 << 16);
        boolean interactive = System.console() != null;
        SqlShell shell = new SqlShell(new SqlRunner(db.connection()), format, out, err, interactive, historyFile());
        shell.timer(timer);
        boolean ok = shell.run(System.in);
        out.flush();
        return ok ? ExitCodes.OK : ExitCodes.USAGE;
    }

    /** {@code paje.sql.history} (tests), else ~/.cache/paje/sql-history. */
    private static Path historyFile() {
        String p = System.getProperty("paje.sql.history");
        if (p != null) {
            return p.isEmpty() ? null : Path.of(p);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "paje", "sql-history");
    }
}
