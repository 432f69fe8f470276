package dev.paje.trace;

/**
 * The values of one call's {@link UserFields}, set by index in declaration order and kept until set
 * again (a field never set is written empty). Reusable, so a call allocates nothing; one thread at a
 * time: texts are read, not copied, when the line is written.
 */
public final class FieldValues {
    private static final byte UNSET = 0;
    private static final byte TEXT = 1;
    private static final byte LONG = 2;
    private static final byte DOUBLE = 3;

    final UserFields fields;
    private final byte[] kinds;
    private final long[] longs;
    private final double[] doubles;
    private final CharSequence[] texts;

    FieldValues(UserFields fields) {
        this.fields = fields;
        int n = fields.names.size();
        kinds = new byte[n];
        longs = new long[n];
        doubles = new double[n];
        texts = new CharSequence[n];
    }

    public FieldValues set(int field, CharSequence text) {
        kinds[field] = text == null ? UNSET : TEXT;
        texts[field] = text;
        return this;
    }

    public FieldValues set(int field, long value) {
        kinds[field] = LONG;
        longs[field] = value;
        texts[field] = null;
        return this;
    }

    /** A finite number (written like variable values); not finite is written as text ("NaN", "Infinity"). */
    public FieldValues set(int field, double value) {
        kinds[field] = DOUBLE;
        doubles[field] = value;
        texts[field] = null;
        return this;
    }

    void writeTo(LineBuffer out) {
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case TEXT -> out.text(texts[i]);
                case LONG -> out.integer(longs[i]);
                case DOUBLE -> {
                    if (Double.isFinite(doubles[i])) {
                        out.number(doubles[i]);
                    } else {
                        out.text(Double.toString(doubles[i]));
                    }
                }
                default -> out.text("");
            }
        }
    }
}
