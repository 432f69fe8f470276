package dev.paje.export.parquet;

import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Compresses pages with one reused {@link Deflater} (GZIP framing as Parquet's GZIP codec expects). */
final class Compressor {
    private final Codec codec;
    private final Deflater deflater;
    private final CRC32 crc = new CRC32();
    private final ByteSink out = new ByteSink(1 << 16);
    private byte[] chunk = new byte[1 << 16];

    Compressor(Codec codec) {
        this.codec = codec;
        this.deflater = codec == Codec.GZIP ? new Deflater(Deflater.BEST_SPEED, true) : null;
    }

    Codec codec() {
        return codec;
    }

    /** The compressed form of {@code raw}: {@code raw} itself when uncompressed, else a reused buffer. */
    ByteSink compress(ByteSink raw) {
        if (codec == Codec.NONE) {
            return raw;
        }
        out.clear();
        out.put(0x1f);
        out.put(0x8b);
        out.put(8); // deflate
        for (int i = 0; i < 6; i++) {
            out.put(0); // flags, mtime, extra flags
        }
        out.put(0xff); // unknown OS
        deflater.reset();
        deflater.setInput(raw.array(), 0, raw.size());
        deflater.finish();
        while (!deflater.finished()) {
            int n = deflater.deflate(chunk);
            out.put(chunk, 0, n);
        }
        crc.reset();
        crc.update(raw.array(), 0, raw.size());
        out.intLE((int) crc.getValue());
        out.intLE(raw.size());
        return out;
    }

    void close() {
        if (deflater != null) {
            deflater.end();
        }
    }
}
