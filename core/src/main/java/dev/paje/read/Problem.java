package dev.paje.read;

/**
 * One thing wrong with a trace, located precisely enough for a person to fix it.
 *
 * @param file the trace file (as given by the user), never null
 * @param line 1-based line number, or 0 when the problem concerns the whole file
 * @param message what is wrong, including what was expected and what was found
 * @param text the offending line as it stands in the file, or null
 */
public record Problem(String file, long line, String message, String text) {

    /** {@code FILE:LINE: message}, followed by the offending line when there is one. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(file);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ").append(message);
        if (text != null) {
            sb.append("\n    ").append(text);
        }
        return sb.toString();
    }
}
