package dev.paje.export.parquet;

/**
 * A page compressor the core cannot provide by itself (it has no dependencies): ZSTD, given by the
 * application (the CLI) through {@link ParquetOptions#withCodec(Codec, PageCodec)}. Used by several
 * threads at once.
 */
public interface PageCodec {
    /** The largest compressed size of {@code length} bytes. */
    int bound(int length);

    /** Compresses {@code src[0, length)} into {@code dst} (at least {@link #bound} long); returns the size. */
    int compress(byte[] src, int length, byte[] dst);
}
