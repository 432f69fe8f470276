package dev.paje.export.parquet;

/** Page compression: Parquet's {@code CompressionCodec} values that the JDK can write. */
public enum Codec {
    NONE(0), GZIP(2);

    final int thrift;

    Codec(int thrift) {
        this.thrift = thrift;
    }
}
