package dev.paje.spark;

/**
 * How the Spark converter cuts the work.
 *
 * @param parts parts of the container tree simulated apart (0: twice Spark's default parallelism)
 * @param splitBytes largest input split in bytes (0: Hadoop's default, the file system's block)
 * @param legacyNames read the 2003 field names ({@code pj_dump -n})
 */
public record SparkConvertOptions(int parts, long splitBytes, boolean legacyNames) {
    public static SparkConvertOptions defaults() {
        return new SparkConvertOptions(0, 0, false);
    }
}
