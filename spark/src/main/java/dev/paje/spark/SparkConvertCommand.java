package dev.paje.spark;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje spark convert}: a trace, or a directory of traces, as paje's Parquet tables. */
@Command(name = "convert", mixinStandardHelpOptions = true)
final class SparkConvertCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE|DIR", description = "a Pajé trace, or a directory of *.trace files")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT",
            description = "the directory of the tables (created; tables of the same names replaced)")
    Path output;

    @Option(names = "--parts", paramLabel = "N", defaultValue = "0",
            description = "parts of the container tree simulated apart (default: twice Spark's parallelism, and at least one per 256 MiB of trace)")
    int parts;

    @Option(names = "--split-mb", paramLabel = "MB", defaultValue = "0",
            description = "largest input split, MiB (default: the file system's block)")
    long splitMb;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark's master, e.g. local[2], spark://host:7077 (default: local[*], or spark-submit's)")
    String master;

    @Option(names = {"-n", "--legacy-names"}, description = "read the 2003 field names (as pj_dump -n)")
    boolean legacy;

    @Override
    public Integer call() throws Exception {
        if (parts < 0 || splitMb < 0) {
            throw new SparkMain.UsageException("--parts and --split-mb must be 0 or more");
        }
        if (!Files.exists(input)) {
            throw new NoSuchFileException(input.toString());
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new SparkMain.UsageException(output + ": the output exists and is not a directory");
        }
        if (input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize())) {
            throw new SparkMain.UsageException(output + ": the output is the input itself");
        }
        boolean[] created = {false};
        SparkSession spark = SparkMain.session(master, "paje spark convert", created);
        try {
            new SparkConvert(spark, new SparkConvertOptions(parts, splitMb << 20, legacy)).convertAll(input, output);
        } finally {
            if (created[0]) {
                spark.stop();
            }
        }
        return 0;
    }
}
