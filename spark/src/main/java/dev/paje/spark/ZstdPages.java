package dev.paje.spark;

import com.github.luben.zstd.Zstd;
import dev.paje.export.parquet.PageCodec;

/** Parquet's ZSTD pages by zstd-jni, which Spark ships (its own shuffle codec): the core's writer has no dependencies. */
final class ZstdPages implements PageCodec {
    /** zstd's default level, as paje export --compression zstd. */
    private static final int LEVEL = 3;

    @Override
    public int bound(int length) {
        return Math.toIntExact(Zstd.compressBound(length));
    }

    @Override
    public int compress(byte[] src, int length, byte[] dst) {
        long n = Zstd.compressByteArray(dst, 0, dst.length, src, 0, length, LEVEL);
        if (Zstd.isError(n)) {
            throw new IllegalStateException("zstd: " + Zstd.getErrorName(n));
        }
        return (int) n;
    }
}
