package dev.paje.export.parquet;

/** Page compression: Parquet's {@code CompressionCodec} values written here (ZSTD with a {@link PageCodec}). */
public enum Codec {
    NONE(0), GZIP(2), ZSTD(6);

    final int thrift;

    Codec(int thrift) {
        this.thrift = thrift;
    }
}
