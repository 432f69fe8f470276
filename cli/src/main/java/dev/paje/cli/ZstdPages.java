package dev.paje.cli;

import com.github.luben.zstd.Zstd;
import dev.paje.export.parquet.PageCodec;

/** Parquet's ZSTD pages by zstd-jni (the native zstd library): the core's writer has no dependencies. */
final class ZstdPages implements PageCodec {
    /** zstd's level 3 (its default): on the synthetic traces as small as gzip's fastest level, for a third of its CPU. */
    static final int LEVEL = 3;

    /** Why zstd cannot be used here (its native library does not load on this platform), or null. */
    static String unavailable() {
        try {
            Zstd.compressBound(1);
            return null;
        } catch (LinkageError e) {
            return "the zstd native library does not load on this platform (" + e.getMessage() + ")";
        }
    }

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
