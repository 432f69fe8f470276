package dev.paje.export.parquet;

/**
 * How Parquet files are cut and compressed. Row groups are buffered encoded in memory before they
 * are written, so {@code rowGroupBytes} bounds the writer's memory (plus one dictionary per column).
 */
public record ParquetOptions(Codec codec, int rowGroupRows, long rowGroupBytes, int pageValues) {
    public static final ParquetOptions DEFAULT = new ParquetOptions(Codec.GZIP, 1 << 20, 64L << 20, 1 << 16);

    public ParquetOptions {
        if (rowGroupRows < 1 || rowGroupBytes < 1 || pageValues < 1) {
            throw new IllegalArgumentException("row group and page sizes must be positive");
        }
    }

    public ParquetOptions withCodec(Codec c) {
        return new ParquetOptions(c, rowGroupRows, rowGroupBytes, pageValues);
    }

    /** Small groups and pages: for tests that need many of them from a few rows. */
    public ParquetOptions withSizes(int groupRows, int page) {
        return new ParquetOptions(codec, groupRows, rowGroupBytes, page);
    }
}
