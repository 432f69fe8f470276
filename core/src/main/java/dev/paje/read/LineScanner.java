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
}
