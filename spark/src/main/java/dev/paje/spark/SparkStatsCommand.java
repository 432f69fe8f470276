package dev.paje.spark;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code paje spark stats}: paje stats' figures per container as Spark SQL over the Parquet tables. */
@Command(name = "stats", mixinStandardHelpOptions = true)
final class SparkStatsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TABLES", description = "a directory of paje's Parquet tables")
    Path tables;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "write DIR/states, DIR/events... as Parquet on the cluster instead of printing them")
    Path output;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark's master (default: local[*], or spark-submit's)")
    String master;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Files.exists(tables)) {
            throw new NoSuchFileException(tables.toString());
        }
        if (!Files.isDirectory(tables)) {
            throw new SparkMain.UsageException(tables + ": not a directory of Parquet tables (convert a trace"
                    + " first: paje spark convert TRACE -o DIR)");
        }
        boolean[] created = {false};
        SparkSession spark = SparkMain.session(master, "paje spark stats", created);
        try {
            Map<String, Dataset<Row>> results = SparkStats.compute(spark, tables);
            PrintWriter out = spec.commandLine().getOut();
            for (Map.Entry<String, Dataset<Row>> e : results.entrySet()) {
                if (output != null) {
                    e.getValue().write().mode(SaveMode.Overwrite).parquet(output.resolve(e.getKey()).toString());
                    continue;
                }
                out.println("# " + e.getKey());
                out.println(String.join(",", e.getValue().columns()));
                for (Row r : e.getValue().collectAsList()) {
                    out.println(csv(r));
                }
            }
            out.flush();
        } finally {
            if (created[0]) {
                spark.stop();
            }
        }
        return 0;
    }

    /** A row as CSV: fields with a comma, quote or newline quoted, doubled quotes inside. */
    static String csv(Row r) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            if (i > 0) {
                b.append(',');
            }
            Object v = r.get(i);
            String s = v == null ? "" : v.toString();
            if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0) {
                s = '"' + s.replace("\"", "\"\"") + '"';
            }
            b.append(s);
        }
        return b.toString();
    }
}
