package dev.paje.render;

import dev.paje.testing.EventDefs;

/** Small traces written by the tests: dense states in one container, or many leaf children to aggregate. */
final class Synthetic {
    static final String HEADER = EventDefs.of("""
            PajeDefineContainerType 0 Alias Type Name
            PajeDefineStateType 1 Alias Type Name
            PajeDefineEntityValue 5 Alias Type Name Color
            PajeCreateContainer 6 Time Alias Type Container Name
            PajeSetState 10 Time Container Type Value
            """) + """
            0 N 0 Node
            0 T N Thread
            1 S T State
            5 a S Alpha "1 0 0"
            5 b S Beta "0 0 1"
            6 0 n1 N 0 node
            """;

    private Synthetic() {
    }

    /**
     * One thread switching between Alpha and Beta every microsecond for 0.1 s, then Alpha alone up
     * to 0.2 s: at 1000 pixels the first half is all summaries (about 100 states per pixel), half
     * Alpha and half Beta, the second half one exact state.
     */
    static String dense() {
        StringBuilder sb = new StringBuilder(HEADER).append("6 0 t1 T n1 worker\n");
        for (int i = 0; i < 100_000; i++) {
            sb.append("10 ").append(String.format(java.util.Locale.ROOT, "%.6f", i * 1e-6)).append(" t1 S ")
                    .append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        sb.append("10 0.100000 t1 S a\n10 0.200000 t1 S b\n");
        return sb.toString();
    }

    /** Twelve threads of one node: the first nine in Alpha, the last three in Beta, from 0 to 1. */
    static String manyChildren() {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 0; i < 12; i++) {
            sb.append("6 0 t").append(i).append(" T n1 t").append(i).append('\n');
        }
        for (int i = 0; i < 12; i++) {
            sb.append("10 0 t").append(i).append(" S ").append(i < 9 ? "a" : "b").append('\n');
        }
        for (int i = 0; i < 12; i++) {
            sb.append("10 1 t").append(i).append(" S ").append(i < 9 ? "a" : "b").append('\n');
        }
        return sb.toString();
    }
}
