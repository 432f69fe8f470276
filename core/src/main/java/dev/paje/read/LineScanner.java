package dev.paje.read;

/**
 * Splits one line into tokens, in place.
 *
 * <p>HOT PATH: runs once per line of a multi-gigabyte file. No allocation, no String, no
 * regular expression; keep it that way.
 *
 * <p>Rules, as PajeNG reads traces: tokens are separated by spaces, tabs (and a CR before the
 * newline); a token starting with a double quote runs to the next double quote and keeps its
 * quotes; a {@code #} outside quotes starts a comment, even inside a word.
 *
 * <p>{@link #scanLine} is the fast form, eight bytes at a time ({@link Swar}): it finds the end of
 * the line and its tokens in one pass, branch-free within a word, for lines made only of
 * ordinary bytes, spaces, tabs and CRs; a line with a quote, a {@code #} or another control byte
 * is left to {@link #scan}, the reference.
 */
final class LineScanner {
    private LineScanner() {
    }

    /**
     * Tokenizes {@code buf[from, to)} into {@code line}.
     *
     * @return false for a blank or comment-only line
     * @throws EventError for an unterminated quoted string or too many fields
     */
    static boolean scan(byte[] buf, int from, int to, Line line) {
        final int[] start = line.start;
        final int[] end = line.end;
        int count = 0;
        int i = from;
        while (i < to) {
            byte c = buf[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            if (c == '#') {
                break;
            }
            if (count == Line.MAX_FIELDS) {
                line.count = count;
                throw new EventError("too many fields on one line (more than " + Line.MAX_FIELDS + ")");
            }
            start[count] = i;
            if (c == '"') {
                int j = i + 1;
                while (j < to && buf[j] != '"') {
                    j++;
                }
                if (j == to) {
                    line.count = count;
                    throw new EventError("unterminated quoted string: expected a closing '\"' before the end of the line");
                }
                i = j + 1;
            } else {
                while (i < to) {
                    c = buf[i];
                    if (c == ' ' || c == '\t' || c == '\r' || c == '#') {
                        break;
                    }
                    i++;
                }
            }
            end[count++] = i;
        }
        line.count = count;
        return count > 0;
    }

    /** Lines with more tokens than this are left to {@link #scan}; a word can start four tokens. */
    private static final int FAST_FIELDS = Line.MAX_FIELDS - 8;

    /**
     * Tokenizes the line starting at {@code from} in {@code buf[0, length)} into {@code line}, as
     * {@link #scan} would, and returns where it ends: the index of its newline, or {@code length}.
     * Sets {@code line.count} to the number of tokens (0 for a blank line), or to -1 when the line
     * has a byte only {@link #scan} handles (quote, '#', control byte other than tab and CR) or too
     * many tokens: then call {@link #scan} on {@code [from, returned index)}.
     */
    static int scanLine(byte[] buf, int from, int length, Line line) {
        final int[] start = line.start;
        final int[] end = line.end;
        int starts = 0;
        int ends = 0;
        int pos = from;
        long prevSep = 0x80; // byte 7 of the previous word, as a mask bit: a line starts after a separator
        long prevToken = 0;
        while (true) {
            long x = Swar.word(buf, pos, length);
            long nl = Swar.zeros(x ^ Swar.NEWLINES);
            long sep = nl | Swar.zeros(x ^ Swar.SPACES) | Swar.zeros((x & Swar.TAB_OR_CR_MASK) ^ Swar.TABS);
            long rare = Swar.belowDollar(x) & ~sep;
            long within = nl == 0 ? -1L : nl ^ (nl - 1); // bytes up to the first newline, included
            sep &= within;
            if ((rare & within) != 0 || starts > FAST_FIELDS) {
                line.count = -1;
                return Swar.newline(buf, pos, length);
            }
            long token = ~sep & Swar.HIGH & within;
            long first = token & ((sep << 8) | prevSep);
            long last = sep & ((token << 8) | prevToken);
            // at most four tokens start and four end in a word, mostly one or two: store two of
            // each without a branch (the extra ones are overwritten later or never read), loop
            // for the others
            int firsts = Long.bitCount(first);
            int lasts = Long.bitCount(last);
            start[starts] = pos + (Long.numberOfTrailingZeros(first) >>> 3);
            first &= first - 1;
            start[starts + 1] = pos + (Long.numberOfTrailingZeros(first) >>> 3);
            first &= first - 1;
            end[ends] = pos + (Long.numberOfTrailingZeros(last) >>> 3);
            last &= last - 1;
            end[ends + 1] = pos + (Long.numberOfTrailingZeros(last) >>> 3);
            last &= last - 1;
            if ((first | last) != 0) {
                for (int k = starts + 2; first != 0; k++) {
                    start[k] = pos + (Long.numberOfTrailingZeros(first) >>> 3);
                    first &= first - 1;
                }
                for (int k = ends + 2; last != 0; k++) {
                    end[k] = pos + (Long.numberOfTrailingZeros(last) >>> 3);
                    last &= last - 1;
                }
            }
            starts += firsts;
            ends += lasts;
            if (nl != 0) {
                line.count = starts;
                return pos + (Long.numberOfTrailingZeros(nl) >>> 3);
            }
            prevSep = sep >>> 56;
            prevToken = token >>> 56;
            pos += 8;
        }
    }
}
