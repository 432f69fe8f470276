package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The anchor file ({@code NAME.otf2}): the archive's version, chunk sizes, storage, counts and properties.
 * Its format only ever grows at the end, so later fields are read when the anchor format has them.
 */
record Anchor(int major, int minor, int bugfix, long chunkSizeEvents, long chunkSizeDefs, long locations,
        long globalDefinitions, String creator, Map<String, String> properties) {
    static final int SUBSTRATE_POSIX = 1;
    static final int COMPRESSION_NONE = 1;

    /** Whether {@code head} (a file's first bytes) is an OTF2 anchor: header, byte order, "OTF2". */
    static boolean magic(byte[] head) {
        return head.length >= 7 && head[0] == Otf2Input.CHUNK_HEADER && (head[1] == 0x42 || head[1] == 0x23)
                && head[2] == 'O' && head[3] == 'T' && head[4] == 'F' && head[5] == '2' && head[6] == 0;
    }

    String version() {
        return major + "." + minor + "." + bugfix;
    }

    /** Whether the archive's version is at least {@code maj.min}. */
    boolean atLeast(int maj, int min) {
        return major > maj || major == maj && minor >= min;
    }

    static Anchor read(Path file) throws IOException, ImportException {
        try (Otf2Input in = new Otf2Input(file, 0, 4096)) {
            long at = in.offset();
            String magic = in.string();
            if (!magic.equals("OTF2")) {
                throw in.fault(at, "expected the OTF2 anchor magic \"OTF2\", found \"" + magic + "\"");
            }
            int anchorFormat = in.u8();
            in.u8(); // trace format: implied by the version below
            at = in.offset();
            int major = in.u8();
            int minor = in.u8();
            int bugfix = in.u8();
            if (major < 1 || major > 3) {
                throw in.fault(at, "unsupported OTF2 version " + major + "." + minor + "." + bugfix
                        + ": this reader reads OTF2 1.x to 3.x");
            }
            long chunkEvents = in.u64full();
            long chunkDefs = in.u64full();
            if (chunkEvents < 16 || chunkDefs < 16) {
                throw in.fault(at + 3, "invalid chunk sizes " + chunkEvents + " (events) and " + chunkDefs + " (definitions)");
            }
            at = in.offset();
            int substrate = in.u8();
            if (substrate != SUBSTRATE_POSIX) {
                throw in.fault(at, "unsupported file substrate " + substrate
                        + (substrate == 2 ? " (SIONlib)" : "") + ": this reader reads POSIX archives (one file per location)");
            }
            at = in.offset();
            int compression = in.u8();
            if (compression != COMPRESSION_NONE) {
                throw in.fault(at, "unsupported compression " + compression + (compression == 2 ? " (zlib)" : "")
                        + ": this reader reads uncompressed archives");
            }
            long locations = in.u64full();
            long defs = in.u64full();
            in.string(); // machine name
            String creator = in.string();
            in.string(); // description
            Map<String, String> properties = new LinkedHashMap<>();
            if (anchorFormat >= 2) {
                int n = in.u32full();
                for (int i = 0; i < n; i++) {
                    String key = in.string();
                    properties.put(key, in.string());
                }
            }
            return new Anchor(major, minor, bugfix, chunkEvents, chunkDefs, locations, defs, creator, properties);
        }
    }
}
