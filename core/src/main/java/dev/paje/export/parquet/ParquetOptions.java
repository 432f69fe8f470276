package dev.paje.export.parquet;

/**
 * How Parquet files are cut and compressed. Row groups are buffered encoded in memory before they
 * are written, so {@code rowGroupBytes} bounds the writer's memory (plus one dictionary per column).
 */
public record ParquetOptions(Codec codec, int rowGroupRows, long rowGroupBytes, int pageValues, boolean splitDoubles,
        PageCodec external) {
    /** GZIP, split doubles, row groups of at most 2^20 rows and 64 MiB or an eighth of the heap (smaller heaps). */
    public static final ParquetOptions DEFAULT = new ParquetOptions(Codec.GZIP, 1 << 20,
            Math.max(1L << 20, Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 8)), 1 << 16, true, null);

    public ParquetOptions {
        if (rowGroupRows < 1 || rowGroupBytes < 1 || pageValues < 1) {
            throw new IllegalArgumentException("row group and page sizes must be positive");
        }
        if ((codec == Codec.ZSTD) != (external != null)) {
            throw new IllegalArgumentException("ZSTD needs its PageCodec, and only ZSTD takes one");
        }
    }

    public ParquetOptions withRowGroupBytes(long bytes) {
        return new ParquetOptions(codec, rowGroupRows, bytes, pageValues, splitDoubles, external);
    }

    /** NONE or GZIP (the JDK writes them). */
    public ParquetOptions withCodec(Codec c) {
        return new ParquetOptions(c, rowGroupRows, rowGroupBytes, pageValues, splitDoubles, null);
    }

    /** A codec written by {@code external} (ZSTD). */
    public ParquetOptions withCodec(Codec c, PageCodec external) {
        return new ParquetOptions(c, rowGroupRows, rowGroupBytes, pageValues, splitDoubles, external);
    }

    /** Small groups and pages: for tests that need many of them from a few rows. */
    public ParquetOptions withSizes(int groupRows, int page) {
        return new ParquetOptions(codec, groupRows, rowGroupBytes, page, splitDoubles, external);
    }

    /**
     * Doubles as BYTE_STREAM_SPLIT (byte k of every value together: exponents and high mantissa bytes
     * repeat, so they compress) or PLAIN.
     */
    public ParquetOptions withSplitDoubles(boolean on) {
        return new ParquetOptions(codec, rowGroupRows, rowGroupBytes, pageValues, on, external);
    }
}
