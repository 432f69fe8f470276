package dev.paje.export.parquet;

import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Compresses pages as GZIP members (the framing Parquet's GZIP codec expects). A page is given as
 * segments (the byte streams of a BYTE_STREAM_SPLIT page), each deflated on its own; a segment whose
 * first {@link #PROBE} bytes do not shrink by {@link #MIN_GAIN_PERCENT}% is stored (deflate's stored
 * blocks) from there on: low mantissa bytes of times are noise that deflate spends CPU on for nothing.
 * All of it is one standard deflate stream, decided within the page alone (the output is the same
 * whichever thread compresses it).
 */
final class Compressor {
    static final int PROBE = 16 << 10;
    static final int MIN_GAIN_PERCENT = 1;
    private static final int STORED_MAX = 65_535;
    private final Codec codec;
    private final Deflater deflater;
    private final CRC32 crc = new CRC32();
    private final ByteSink out = new ByteSink(1 << 16);
    private final int[] whole = new int[1];

    Compressor(Codec codec) {
        this.codec = codec;
        this.deflater = codec == Codec.GZIP ? new Deflater(Deflater.BEST_SPEED, true) : null;
    }

    Codec codec() {
        return codec;
    }

    /** The compressed form of {@code raw}: {@code raw} itself when uncompressed, else a reused buffer. */
    ByteSink compress(ByteSink raw) {
        whole[0] = raw.size();
        return compress(raw, whole, 1);
    }

    /** The same, the segments of {@code raw} ending at {@code ends[0..n)} each compressed on its own. */
    ByteSink compress(ByteSink raw, int[] ends, int n) {
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
        byte[] in = raw.array();
        int from = 0;
        boolean finished = false;
        for (int s = 0; s < n; s++) {
            finished = segment(in, from, ends[s], s == n - 1);
            from = ends[s];
        }
        if (!finished) {
            out.put(1); // the final block: stored, empty
            out.put(0);
            out.put(0);
            out.put(0xff);
            out.put(0xff);
        }
        crc.reset();
        crc.update(in, 0, raw.size());
        out.intLE((int) crc.getValue());
        out.intLE(raw.size());
        return out;
    }

    /**
     * Deflates {@code in[from, to)}, or only its probe when that does not pay and stores the rest;
     * returns whether the deflate stream was finished (its final block written: {@code last} only).
     */
    private boolean segment(byte[] in, int from, int to, boolean last) {
        if (to <= from) {
            return false;
        }
        deflater.reset();
        int probe = Math.min(to - from, PROBE);
        int before = out.size();
        deflater.setInput(in, from, probe);
        if (from + probe == to) {
            return drain(last);
        }
        out.deflate(deflater, Deflater.SYNC_FLUSH); // ends on a byte boundary, not final
        if ((out.size() - before) * 100L > probe * (100L - MIN_GAIN_PERCENT)) {
            store(in, from + probe, to);
            return false;
        }
        deflater.setInput(in, from + probe, to - from - probe); // the same stream: the window goes on
        return drain(last);
    }

    /** Deflates the input given: to the final block when {@code last}, else to a byte boundary. */
    private boolean drain(boolean last) {
        if (last) {
            deflater.finish();
            out.finish(deflater);
        } else {
            out.deflate(deflater, Deflater.SYNC_FLUSH);
        }
        return last;
    }

    /** Deflate stored blocks (not final) holding {@code in[from, to)}. */
    private void store(byte[] in, int from, int to) {
        for (int at = from; at < to; at += STORED_MAX) {
            int len = Math.min(STORED_MAX, to - at);
            out.put(0); // BFINAL 0, BTYPE 00 (stored), then padding to the byte
            out.put(len);
            out.put(len >>> 8);
            out.put(~len);
            out.put(~len >>> 8);
            out.put(in, at, len);
        }
    }

    void close() {
        if (deflater != null) {
            deflater.end();
        }
    }
}
