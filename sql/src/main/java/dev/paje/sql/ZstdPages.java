package dev.paje.sql;

import com.github.luben.zstd.Zstd;
import dev.paje.export.parquet.Codec;
import dev.paje.export.parquet.PageCodec;
import dev.paje.export.parquet.ParquetOptions;

/** Parquet's ZSTD pages by zstd-jni (the native zstd library): the core's writer has no dependencies. */
public final class ZstdPages implements PageCodec {
    /** zstd's level 3 (its default): on the synthetic traces as small as gzip's fastest level, for a third of its CPU. */
    static final int LEVEL = 3;

    /** Why zstd cannot be used here (its native library does not load on this platform), or null. */
    public static String unavailable() {
        try {
            Zstd.compressBound(1);
            return null;
        } catch (LinkageError e) {
            return "the zstd native library does not load on this platform (" + e.getMessage() + ")";
        }
    }

    /** {@code base} writing ZSTD pages. */
    public static ParquetOptions zstd(ParquetOptions base) {
        return base.withCodec(Codec.ZSTD, new ZstdPages());
    }

    /**
     * The tables' default: ZSTD (as small as GZIP for about half the export's CPU), or GZIP where zstd's native
     * library does not load.
     */
    public static ParquetOptions preferred() {
        return unavailable() == null ? zstd(ParquetOptions.DEFAULT) : ParquetOptions.DEFAULT;
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
