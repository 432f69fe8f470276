package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Names;
import dev.paje.testing.EventDefs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time tokenizer ({@link LineScanner#scanLine}, {@link Swar}, {@link Numbers#parse}'s
 * front, the name cache of {@link ChunkTokenizer}) against plain byte-by-byte references written
 * here, on seeded random lines: quotes, tabs, CRLF, comments, control and non-ASCII bytes, short
 * and long fields, numbers in many forms, lines ending the data with or without a newline.
 */
class TokenizerRandomTest {
    private static final long SEED = 20261124L;

    private static final String HEADER = EventDefs.of("""
            PajeSetState 10 Time Container Type Value
            PajePushState 11 Time Container Type Value File Line:int
            PajeSetVariable 20 Time Container Type Value:double
            PajeStartLink 30 Time Container Type StartContainer Value Key
            PajeNewEvent 4 Time Container Type Value A B C
            PajeCreateContainer 7 Time Type Container Name Alias
            """);

    // ---- references: one byte at a time, the rules of LineScanner's comment

    private static boolean blank(byte c) {
        return c == ' ' || c == '\t' || c == '\r';
    }

    /** Tokens of {@code b[from, to)} as {start, end} pairs, or null when scan must throw. */
    private static List<int[]> referenceTokens(byte[] b, int from, int to) {
        List<int[]> tokens = new ArrayList<>();
        int i = from;
        while (i < to) {
            if (blank(b[i])) {
                i++;
            } else if (b[i] == '#') {
                break;
            } else if (tokens.size() == Line.MAX_FIELDS) {
                return null;
            } else if (b[i] == '"') {
                int j = i + 1;
                while (j < to && b[j] != '"') {
                    j++;
                }
                if (j == to) {
                    return null;
                }
                tokens.add(new int[] {i, j + 1});
                i = j + 1;
            } else {
                int j = i;
                while (j < to && !blank(b[j]) && b[j] != '#') {
                    j++;
                }
                tokens.add(new int[] {i, j});
                i = j;
            }
        }
        return tokens;
    }

    private static int referenceNewline(byte[] b, int from, int length) {
        int i = from;
        while (i < length && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /** ChunkTokenizer as it was: line by line, byte by byte, the general number parser, no cache. */
    private static final class ReferenceTokenizer {
        Names names = new Names();
        final Line line = new Line();

        Batch tokenize(byte[] data, int length, Header header) {
            if (names.size() > 1 << 16) {
                names = new Names();
            }
            int lines = 1;
            for (int i = 0; i < length; i++) {
                lines += data[i] == '\n' ? 1 : 0;
            }
            Batch b = new Batch(data, length, lines);
            line.buf = data;
            int pos = 0;
            int number = 0;
            while (pos < length) {
                int nl = referenceNewline(data, pos, length);
                record(b, header, pos, nl, number++);
                pos = nl + 1;
            }
            b.lines = number;
            b.names = names.view();
            return b;
        }

        private void record(Batch b, Header header, int from, int to, int number) {
            List<int[]> tokens = referenceTokens(b.data, from, to);
            if (tokens == null) {
                b.add(null, from, number);
                return;
            }
            if (tokens.isEmpty()) {
                return;
            }
            for (int t = 0; t < tokens.size(); t++) {
                line.start[t] = tokens.get(t)[0];
                line.end[t] = tokens.get(t)[1];
            }
            line.count = tokens.size();
            EventDefinition def = b.data[line.start[0]] == '%' ? null : header.lookup(line);
            if (def == null || !def.fast() || line.count - 1 != def.fieldCount()) {
                b.add(null, from, number);
                return;
            }
            double time = number(1 + def.timePosition);
            double num = def.numberPosition >= 0 ? number(1 + def.numberPosition) : 0;
            if (Double.isNaN(time) || Double.isNaN(num)) {
                b.add(null, from, number);
                return;
            }
            int i = b.add(def, from, number);
            b.time[i] = time;
            b.number[i] = num;
            b.type[i] = intern(1 + def.typePosition);
            b.container[i] = intern(1 + def.containerPosition);
            b.value[i] = def.valuePosition >= 0 ? intern(1 + def.valuePosition) : -1;
            b.other[i] = def.otherPosition >= 0 ? intern(1 + def.otherPosition) : -1;
            if (def.keyPosition >= 0) { // keys are not interned: where they are in the chunk
                b.key[i] = line.start[1 + def.keyPosition];
                b.keyEnd[i] = line.end[1 + def.keyPosition];
            } else {
                b.key[i] = -1;
            }
            int[] user = def.userPositions();
            b.user0[i] = user.length > 0 ? intern(1 + user[0]) : -1;
            b.user1[i] = user.length > 1 ? intern(1 + user[1]) : -1;
        }

        private double number(int token) {
            return Numbers.general(line.buf, line.start[token], line.end[token]);
        }

        private int intern(int token) {
            return names.intern(line.buf, line.start[token], line.end[token]);
        }
    }

    // ---- random text

    private static final String[] NAMES = {"t1", "t2", "t10", "t36_13", "C", "PH", "ST", "kernel_10", "p2p", "m", "0",
        "a-very-long-container-name-of-many-words", "process-12.3", "exactly8", "exactly16bytes!!", "seventeen_bytes__",
        "x", "é", "日本", "MPI_Send", "sixteen-bytes-ok"};

    private static String number(SplittableRandom r) {
        switch (r.nextInt(16)) {
            case 0: return Long.toString(r.nextLong(-1000, 1000));
            case 1: return String.format(java.util.Locale.ROOT, "%.9f", r.nextDouble() * 100);
            case 2: return Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(-30, 30)));
            case 3: return Double.toString(Double.longBitsToDouble(r.nextLong()));
            case 4: return (r.nextBoolean() ? "-" : "+") + r.nextInt(100) + "." + r.nextInt(1000);
            case 5: return digits(r, r.nextInt(1, 20)) + "." + digits(r, r.nextInt(0, 20));
            case 6: return "." + digits(r, r.nextInt(1, 16));
            case 7: return digits(r, r.nextInt(1, 16)) + ".";
            case 8: return "0000" + digits(r, r.nextInt(1, 14)) + "." + digits(r, r.nextInt(1, 5));
            case 9: return digits(r, r.nextInt(1, 9)) + "e" + (r.nextBoolean() ? "-" : "") + r.nextInt(400);
            case 10: return new String[] {"-", "+", ".", "-.", "1.2.3", "1e", "1e+", "--1", "0x10", "NaN", "Infinity",
                "1,5", "12a", "1 ", "١٢"}[r.nextInt(15)];
            case 11: return "-0" + (r.nextBoolean() ? ".0" : "");
            case 12: return digits(r, 15) + (r.nextBoolean() ? "" : "." + digits(r, 1));
            case 13: return "0." + "0".repeat(r.nextInt(30)) + digits(r, r.nextInt(1, 17));
            case 14: return digits(r, r.nextInt(14, 18));
            default: return String.format(java.util.Locale.ROOT, "%d.%06d", r.nextInt(100), r.nextInt(1_000_000));
        }
    }

    private static String digits(SplittableRandom r, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append((char) ('0' + r.nextInt(10)));
        }
        return s.toString();
    }

    private static String separator(SplittableRandom r) {
        int k = r.nextInt(20);
        if (k < 14) {
            return " ";
        }
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(1, 10); i > 0; i--) {
            s.append(" \t\r".charAt(r.nextInt(3)));
        }
        return s.toString();
    }

    private static String field(SplittableRandom r) {
        int k = r.nextInt(40);
        if (k < 20) {
            return NAMES[r.nextInt(NAMES.length)];
        }
        if (k < 30) {
            return number(r);
        }
        return switch (k) {
            case 30 -> "\"" + NAMES[r.nextInt(NAMES.length)] + " with space\t#x\"";
            case 31 -> "\"unterminated " + NAMES[r.nextInt(NAMES.length)];
            case 32 -> "k" + r.nextInt(1_000_000);
            case 33 -> "a#comment";
            case 34 -> "x\u0001y";
            case 35 -> "bang!" + r.nextInt(10);
            case 36 -> "mid\"quote";
            case 37 -> "\"\"";
            case 38 -> "long_" + "z".repeat(r.nextInt(1, 60));
            default -> "v" + r.nextInt(3000);
        };
    }

    private static final String[] IDS = {"10", "11", "20", "30", "4", "7", "99", "010", "%", "x"};

    private static String line(SplittableRandom r) {
        return line(r, IDS);
    }

    /** A random line with one of {@code ids}; with ids other than {@link #IDS}, more often of 3 to 6 fields. */
    private static String line(SplittableRandom r, String[] ids) {
        int k = r.nextInt(100);
        if (k < 3) {
            return "";
        }
        if (k < 5) {
            return separator(r);
        }
        if (k < 7) {
            return "# a comment " + field(r);
        }
        StringBuilder s = new StringBuilder();
        if (r.nextInt(10) == 0) {
            s.append(separator(r));
        }
        s.append(ids[r.nextInt(ids.length)]);
        // a line of the right field count, often, so that the fast paths' shapes take most lines
        int fields = r.nextInt(50) == 0 ? r.nextInt(200, 300)
                : ids != IDS && r.nextInt(3) == 0 ? r.nextInt(3, 7) : r.nextInt(0, 9);
        for (int f = 0; f < fields; f++) {
            s.append(separator(r)).append(f == 0 && r.nextInt(4) > 0 ? number(r) : field(r));
        }
        if (r.nextInt(10) == 0) {
            s.append(separator(r));
        }
        if (r.nextInt(30) == 0) {
            s.append(" # trailing comment \"");
        }
        return s.toString();
    }

    private static byte[] text(SplittableRandom r, int lines) {
        return text(r, lines, IDS);
    }

    private static byte[] text(SplittableRandom r, int lines, String[] ids) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            out.writeBytes(line(r, ids).getBytes(StandardCharsets.UTF_8));
            if (i < lines - 1 || r.nextBoolean()) {
                out.writeBytes(r.nextInt(8) == 0 ? "\r\n".getBytes(StandardCharsets.US_ASCII) : new byte[] {'\n'});
            }
        }
        return out.toByteArray();
    }

    // ---- the tests

    @Test
    void scanLineFindsTheTokensOfTheReference() {
        SplittableRandom r = new SplittableRandom(SEED);
        Line line = new Line();
        for (int round = 0; round < 1500; round++) {
            byte[] data = text(r, r.nextInt(1, 40));
            line.buf = data;
            int pos = 0;
            while (pos < data.length) {
                int nl = LineScanner.scanLine(data, pos, data.length, line);
                assertThat(nl).isEqualTo(referenceNewline(data, pos, data.length));
                List<int[]> expected = referenceTokens(data, pos, nl);
                String what = new String(data, pos, nl - pos, StandardCharsets.UTF_8);
                if (line.count >= 0) {
                    assertThat(expected).as(what).isNotNull();
                    assertThat(tokens(line)).as(what).isEqualTo(render(expected));
                } else {
                    // left to the reference scanner: check that one too
                    boolean any;
                    try {
                        any = LineScanner.scan(data, pos, nl, line);
                    } catch (EventError e) {
                        assertThat(expected).as(what).isNull();
                        pos = nl + 1;
                        continue;
                    }
                    assertThat(expected).as(what).isNotNull();
                    assertThat(any).isEqualTo(!expected.isEmpty());
                    assertThat(tokens(line)).as(what).isEqualTo(render(expected));
                }
                pos = nl + 1;
            }
        }
    }

    private static List<String> tokens(Line line) {
        List<String> t = new ArrayList<>();
        for (int i = 0; i < line.count; i++) {
            t.add(line.start[i] + ":" + line.end[i]);
        }
        return t;
    }

    private static List<String> render(List<int[]> tokens) {
        List<String> t = new ArrayList<>();
        for (int[] p : tokens) {
            t.add(p[0] + ":" + p[1]);
        }
        return t;
    }

    /** The chunk tokenizer and the reference, over the test's header, given the same chunks one after the other. */
    private static final class BothTokenizers {
        private final Header header;
        private final ChunkTokenizer tokenizer = new ChunkTokenizer(new NameMaps(new Names()), false);
        private final ReferenceTokenizer reference = new ReferenceTokenizer();

        BothTokenizers() {
            byte[] head = HEADER.getBytes(StandardCharsets.US_ASCII);
            header = Header.prefix(head, head.length, false);
        }

        /** Both make the same batch of the first {@code length} bytes of {@code data}. */
        void agreeOn(byte[] data, int length) {
            sameBatch(tokenizer.tokenize(data, length, header), reference.tokenize(data, length, header));
        }
    }

    @Test
    void chunkTokenizerMakesTheBatchesOfTheReference() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        BothTokenizers both = new BothTokenizers();
        for (int round = 0; round < 400; round++) {
            byte[] data = text(r, r.nextInt(1, 300));
            // the chunk may sit at the start of a larger array, as a stream's last block does not
            both.agreeOn(data, data.length);
        }
    }

    /**
     * Field orders other than {@link #HEADER}'s: the shapes ChunkTokenizer reads by code of their own (two or three
     * names, two names and a number, four names and a key) with their names in other roles' order, a shape of five
     * names, and definitions that are no shape (the time not first, a number or key inside, an ignored field).
     */
    private static final String OTHER_ORDERS = EventDefs.of("""
            PajeSetState 10 Type Container Time Value
            PajePushState 11 Time Type Container Value
            PajePopState 12 Time Container Type
            PajeResetState 13 Time Type Container Alias
            PajeSetVariable 20 Time Value:double Container Type
            PajeAddVariable 21 Time Type Container Value:double
            PajeStartLink 30 Time Type Container Key StartContainer Value
            PajeEndLink 31 Time EndContainer Type Container Value Key
            PajeNewEvent 4 Time Container Type Value A
            """);

    @Test
    void otherFieldOrdersMakeTheBatchesOfTheReference() {
        SplittableRandom r = new SplittableRandom(SEED + 6);
        byte[] head = OTHER_ORDERS.getBytes(StandardCharsets.US_ASCII);
        Header header = Header.prefix(head, head.length, false);
        ChunkTokenizer tokenizer = new ChunkTokenizer(new NameMaps(new Names()), false);
        ReferenceTokenizer reference = new ReferenceTokenizer();
        String[] ids = {"10", "11", "12", "13", "20", "21", "30", "31", "4", "99", "%"};
        int fast = 0;
        byte[] junk = "0123456789. abcST".getBytes(StandardCharsets.US_ASCII);
        for (int round = 0; round < 600; round++) {
            byte[] text = text(r, r.nextInt(1, 300), ids);
            // every other chunk cut anywhere, an earlier chunk's bytes past it (no newline): its last line at its end
            int length = round % 2 == 0 ? text.length : r.nextInt(0, text.length + 1);
            byte[] data = java.util.Arrays.copyOf(text, length + r.nextInt(0, 2 * ChunkTokenizer.PAD));
            for (int i = length; i < data.length; i++) {
                data[i] = junk[r.nextInt(junk.length)];
            }
            Batch b = tokenizer.tokenize(data, length, header);
            sameBatch(b, reference.tokenize(data, length, header));
            for (int i = 0; i < b.size; i++) {
                fast += b.def[i] != null ? 1 : 0;
            }
        }
        assertThat(fast).as("records of fast lines").isGreaterThan(1000); // the shapes were exercised
    }

    @Test
    void bytesPastTheChunkAreNeverRead() {
        // the reader's chunks sit at the start of larger arrays, past them an earlier chunk's bytes: numbers, names,
        // spaces, no newline, so a last line without its newline would read on if the tokenizer looked past the end
        SplittableRandom r = new SplittableRandom(SEED + 5);
        BothTokenizers both = new BothTokenizers();
        byte[] junk = "0123456789. abcST".getBytes(StandardCharsets.US_ASCII);
        for (int round = 0; round < 400; round++) {
            byte[] text = text(r, r.nextInt(1, 300));
            int length = r.nextInt(0, text.length + 1); // a cut anywhere: the last line may lose its newline
            byte[] data = java.util.Arrays.copyOf(text, length + r.nextInt(0, 2 * ChunkTokenizer.PAD));
            for (int i = length; i < data.length; i++) {
                data[i] = junk[r.nextInt(junk.length)];
            }
            byte[] before = java.util.Arrays.copyOf(data, length);
            both.agreeOn(data, length);
            assertThat(java.util.Arrays.copyOf(data, length)).isEqualTo(before); // the chunk itself is not changed
        }
    }

    @Test
    void recycledBatchesMakeTheBatchesOfFreshOnes() {
        // the reader's path: batches from a pool, their byte arrays holding an earlier (often longer) chunk
        // past the new one's length, their columns those of earlier chunks (grouped, so traded with the spare set)
        SplittableRandom r = new SplittableRandom(SEED + 4);
        byte[] head = HEADER.getBytes(StandardCharsets.US_ASCII);
        Header header = Header.prefix(head, head.length, false);
        ChunkTokenizer fresh = new ChunkTokenizer(new NameMaps(new Names()), true);
        ChunkTokenizer recycling = new ChunkTokenizer(new NameMaps(new Names()), true);
        BatchPool pool = new BatchPool();
        java.util.ArrayDeque<Batch> inFlight = new java.util.ArrayDeque<>();
        for (int round = 0; round < 300; round++) {
            byte[] data = text(r, r.nextInt(1, 400));
            Batch b = pool.take(data.length);
            System.arraycopy(data, 0, b.data, 0, data.length);
            sameBatch(recycling.tokenize(b, header), fresh.tokenize(data, data.length, header));
            inFlight.add(b);
            if (inFlight.size() > r.nextInt(1, 4)) {
                pool.give(inFlight.poll());
            }
        }
    }

    @Test
    void nameCacheSurvivesTheReplacementOfTheNameTable() {
        // more than 2^16 distinct names: the local table is replaced between chunks, the cache emptied
        SplittableRandom r = new SplittableRandom(SEED + 2);
        BothTokenizers both = new BothTokenizers();
        int n = 0;
        for (int chunk = 0; chunk < 12; chunk++) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < 10_000; i++) {
                String container = r.nextInt(3) == 0 ? "c" + r.nextInt(50) : "c" + (n++);
                s.append("10 ").append(i).append(".5 ").append(container).append(" ST v").append(r.nextInt(20)).append('\n');
            }
            byte[] data = s.toString().getBytes(StandardCharsets.US_ASCII);
            both.agreeOn(data, data.length);
        }
    }

    private static void sameBatch(Batch actual, Batch expected) {
        assertThat(actual.lines).isEqualTo(expected.lines);
        assertThat(actual.size).isEqualTo(expected.size);
        for (int i = 0; i < expected.size; i++) {
            String what = "record " + i + ": " + new String(expected.data, expected.offset[i],
                    expected.lineEnd(expected.offset[i]) - expected.offset[i], StandardCharsets.UTF_8);
            assertThat(actual.def[i]).as(what).isSameAs(expected.def[i]);
            assertThat(actual.offset[i]).as(what).isEqualTo(expected.offset[i]);
            assertThat(actual.line[i]).as(what).isEqualTo(expected.line[i]);
            if (expected.def[i] == null) {
                continue;
            }
            assertThat(Double.doubleToRawLongBits(actual.time[i])).as(what).isEqualTo(Double.doubleToRawLongBits(expected.time[i]));
            assertThat(Double.doubleToRawLongBits(actual.number[i])).as(what).isEqualTo(Double.doubleToRawLongBits(expected.number[i]));
            // the link and user columns as the reader reads them: only where the definition has those fields
            int[] a = {actual.type[i], actual.container[i], actual.value[i], actual.other(i), actual.key(i),
                actual.key(i) < 0 ? -1 : actual.keyEnd[i], actual.user0(i), actual.user1(i)};
            int[] e = {expected.type[i], expected.container[i], expected.value[i], expected.other(i), expected.key(i),
                expected.key(i) < 0 ? -1 : expected.keyEnd[i], expected.user0(i), expected.user1(i)};
            assertThat(a).as(what).isEqualTo(e);
        }
        assertThat(actual.names.size()).isEqualTo(expected.names.size());
        for (int id = 0; id < expected.names.size(); id++) {
            assertThat(Arrays.copyOfRange(actual.names.arena(), actual.names.offsets()[id], actual.names.offsets()[id + 1]))
                    .isEqualTo(Arrays.copyOfRange(expected.names.arena(), expected.names.offsets()[id], expected.names.offsets()[id + 1]));
        }
    }

    @Test
    void numbersAreBitIdenticalToTheGeneralParser() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        for (int i = 0; i < 300_000; i++) {
            String s = number(r);
            // at an offset inside a larger buffer (both sides of the 16 bytes where the word-wise
            // form starts), after and before bytes that are not part of the number: digits, dots,
            // bytes that carry when 6 is added
            byte[] number = s.getBytes(StandardCharsets.UTF_8);
            int before = r.nextInt(0, 30);
            byte[] text = new byte[before + number.length + r.nextInt(0, 10)];
            byte[] noise = {'7', '.', '-', ' ', (byte) 0xFF, (byte) 0xFA, 'e', '0'};
            for (int k = 0; k < text.length; k++) {
                text[k] = noise[r.nextInt(noise.length)];
            }
            System.arraycopy(number, 0, text, before, number.length);
            int from = before;
            int to = before + number.length;
            double fast = Numbers.parse(text, from, to);
            double general = Numbers.general(text, from, to);
            assertThat(Double.doubleToRawLongBits(fast)).as(s).isEqualTo(Double.doubleToRawLongBits(general));
        }
    }

    @Test
    void newlinesAreFoundLikeAByteLoop() {
        SplittableRandom r = new SplittableRandom(SEED + 4);
        for (int round = 0; round < 2000; round++) {
            byte[] data = new byte[r.nextInt(0, 200)];
            for (int i = 0; i < data.length; i++) {
                int k = r.nextInt(6);
                data[i] = (byte) (k == 0 ? '\n' : k == 1 ? r.nextInt(256) : k == 2 ? 0x0A ^ 0x80 : 'a' + r.nextInt(26));
            }
            int length = r.nextInt(0, data.length + 1);
            int from = r.nextInt(0, length + 1);
            assertThat(Swar.newline(data, from, length)).isEqualTo(referenceNewline(data, from, length));
        }
    }
}
