package dev.paje.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import dev.paje.read.EntityFeed;
import dev.paje.read.EntitySource;
import dev.paje.read.EventKind;
import dev.paje.read.Problem;
import dev.paje.store.Names;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An importer's events handed to the reader as values ({@link EntitySource}) make the trace its Pajé text
 * makes: the same dump, counts and problems (line numbers and the offending line's text included), on seeded
 * random events with quoted names, user fields, links, times out of order, NaN and infinite numbers.
 */
class EntitySourceTest {
    @TempDir
    Path dir;

    private static final String[] VALUES = {"a", "b c", "d#e", "", "é\"x", "tab\tx", "r12"};

    /** One entity line: its kind, shape (or null for the standard one), time, names and number. */
    private record Line(EventKind kind, int shape, double time, String container, String value, double number,
            String other, String key, String[] user) {
    }

    /** A format whose file content does not matter: its events are {@code lines}; {@code direct}: handed as values. */
    private static final class Twin implements Importer {
        final List<Line> lines;
        final boolean direct;
        final PajeText.Shape[] shapes = new PajeText.Shape[3];

        Twin(List<Line> lines, boolean direct) {
            this.lines = lines;
            this.direct = direct;
        }

        @Override
        public String format() {
            return "TWIN";
        }

        @Override
        public boolean accepts(Path file, byte[] head) {
            return file.toString().endsWith(".twin");
        }

        /** Shapes: a push with a user field, an event with three (past the tokenizer's fast path), a link start with one. */
        private void prologue(PajeText out) {
            shapes[0] = out.shape(EventKind.PUSH_STATE, "Size");
            shapes[1] = out.shape(EventKind.NEW_EVENT, "Fields", "Other", "Third");
            shapes[2] = out.shape(EventKind.START_LINK, "Size");
            out.containerType("P", "0", "Process");
            out.stateType("S", "P", "State");
            out.eventType("E", "P", "Event");
            out.variableType("V", "P", "Load", null);
            out.linkType("L", "0", "P", "P", "Message");
            out.createContainer(0, "p1", "P", "0", "one");
            out.createContainer(0, "p2", "P", "0", "two words");
        }

        @Override
        public void convert(Path file, PajeText out) {
            prologue(out);
            for (Line l : lines) {
                PajeText.Shape shape = l.shape < 0 ? null : shapes[l.shape];
                switch (l.kind) {
                    case PUSH_STATE -> {
                        if (shape == null) {
                            out.pushState(l.time, "S", l.container, l.value);
                        } else {
                            out.entity(shape, l.time, new String[] {"S", l.container, l.value}, l.user);
                        }
                    }
                    case POP_STATE -> out.popState(l.time, "S", l.container);
                    case NEW_EVENT -> {
                        if (shape == null) {
                            out.event(l.time, "E", l.container, l.value);
                        } else {
                            out.entity(shape, l.time, new String[] {"E", l.container, l.value}, l.user);
                        }
                    }
                    case SET_VARIABLE -> out.setVariable(l.time, "V", l.container, l.number);
                    case START_LINK -> {
                        if (shape == null) {
                            out.startLink(l.time, "L", "0", l.other, l.value, l.key);
                        } else {
                            out.entity(shape, l.time, new String[] {"L", "0", l.other, l.value, l.key}, l.user);
                        }
                    }
                    case END_LINK -> out.endLink(l.time, "L", "0", l.other, l.value, l.key);
                    default -> throw new IllegalArgumentException(l.kind.specName());
                }
            }
        }

        @Override
        public EntitySource source(Path file) {
            if (!direct) {
                return null;
            }
            return new EntitySource() {
                @Override
                public byte[] prologue() throws IOException {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    PajeText text = new PajeText(bytes);
                    Twin.this.prologue(text);
                    text.flush();
                    return bytes.toByteArray();
                }

                @Override
                public void entities(EntityFeed feed) {
                    Names local = new Names();
                    long index = 0;
                    for (Line l : lines) {
                        int id = l.shape >= 0 ? shapes[l.shape].id() : PajeText.standardId(l.kind);
                        String type = switch (l.kind) {
                            case PUSH_STATE, POP_STATE -> "S";
                            case NEW_EVENT -> "E";
                            case SET_VARIABLE -> "V";
                            default -> "L";
                        };
                        int[] user = new int[l.user == null ? 0 : l.user.length];
                        for (int u = 0; u < user.length; u++) {
                            user[u] = name(feed, local, l.user[u]);
                        }
                        byte[] key = l.key == null ? null : l.key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        feed.entity(index++, id, l.time, name(feed, local, type), name(feed, local, l.container),
                                l.value == null ? -1 : name(feed, local, l.value), l.number,
                                l.other == null ? -1 : name(feed, local, l.other), key, key == null ? -1 : 0,
                                key == null ? -1 : key.length, user, 0);
                    }
                }
            };
        }

        private static int name(EntityFeed feed, Names local, String s) {
            byte[] token = PajeText.tokenOf(s);
            return feed.intern(local.view(), local.intern(token, 0, token.length));
        }
    }

    /** {@code clean}: times in order, pops of pushed states, links whole: a valid trace; else anything goes. */
    private static List<Line> randomLines(long seed, int n, boolean clean) {
        Random r = new Random(seed);
        List<Line> out = new ArrayList<>();
        double time = 0;
        int[] depth = new int[2];
        for (int i = 0; i < n; i++) {
            int step = r.nextInt(20);
            time = step == 0 && !clean ? time - r.nextDouble() * 0.01 // out of order now and then
                    : step < 4 ? time : time + r.nextDouble() * Math.pow(10, -r.nextInt(9));
            double t = r.nextInt(400) == 0 && !clean ? Double.NaN : time;
            String c = r.nextBoolean() ? "p1" : "p2";
            String v = VALUES[r.nextInt(VALUES.length)];
            String[] u1 = {VALUES[r.nextInt(VALUES.length)]};
            String[] u3 = {VALUES[r.nextInt(VALUES.length)], Integer.toString(r.nextInt(5)), "-"};
            String key = "k" + r.nextInt(n / 4 + 1);
            String other = r.nextBoolean() ? "p1" : "p2";
            double number = switch (r.nextInt(30)) {
                case 0 -> clean ? 0 : Double.NaN;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> -r.nextDouble() * 1e300;
                default -> r.nextLong() / Math.pow(10, r.nextInt(12));
            };
            int kind = r.nextInt(8);
            int ci = c.equals("p1") ? 0 : 1;
            if (clean && kind == 2 && depth[ci] == 0) {
                kind = 0;
            }
            if (clean && kind >= 5) {
                out.add(new Line(EventKind.START_LINK, kind == 6 ? 2 : -1, t, "0", v, 0, other, "u" + i, u1));
                out.add(new Line(EventKind.END_LINK, -1, t, "0", v, 0, c, "u" + i, null));
                continue;
            }
            depth[ci] += kind <= 1 ? 1 : kind == 2 ? -1 : 0;
            out.add(switch (kind) {
                case 0 -> new Line(EventKind.PUSH_STATE, -1, t, c, v, 0, null, null, null);
                case 1 -> new Line(EventKind.PUSH_STATE, 0, t, c, v, 0, null, null, u1);
                case 2 -> new Line(EventKind.POP_STATE, -1, t, c, null, 0, null, null, null);
                case 3 -> new Line(EventKind.NEW_EVENT, r.nextBoolean() ? -1 : 1, t, c, v, 0, null, null, u3);
                case 4 -> new Line(EventKind.SET_VARIABLE, -1, t, c, null, number, null, null, null);
                case 5 -> new Line(EventKind.START_LINK, -1, t, "0", v, 0, other, key, null);
                case 6 -> new Line(EventKind.START_LINK, 2, t, "0", v, 0, other, key, u1);
                default -> new Line(EventKind.END_LINK, -1, t, "0", v, 0, other, key, null);
            });
        }
        // the standard event shape takes no user fields
        out.replaceAll(l -> l.kind == EventKind.NEW_EVENT && l.shape < 0 || l.kind == EventKind.POP_STATE
                || l.kind == EventKind.START_LINK && l.shape < 0 ? new Line(l.kind, l.shape, l.time, l.container,
                        l.value, l.number, l.other, l.key, null) : l);
        return out;
    }

    /** What a load gives that users see: validity, problems and warnings as printed, counts, the dump. */
    private String outcome(Path file, List<Line> lines, boolean direct, int maxProblems) throws IOException {
        TraceLoader.Builder b = TraceLoader.builder().importers(List.of(new Twin(lines, direct)))
                .ignoreIncompleteLinks(false);
        if (maxProblems > 1) {
            b.collectProblems(maxProblems);
        }
        TraceLoader.Loaded loaded = b.build().load(file);
        StringBuilder sb = new StringBuilder("valid " + loaded.valid() + ", complete " + loaded.complete() + "\n");
        for (Problem p : loaded.problems()) {
            sb.append("problem ").append(p.format()).append('\n');
        }
        for (Problem p : loaded.warnings()) {
            sb.append("warning ").append(p.format()).append('\n');
        }
        if (loaded.complete()) {
            sb.append(loaded.lines()).append(" lines, ").append(loaded.events()).append(" events\n");
        }
        if (loaded.trace() != null) {
            StringWriter out = new StringWriter();
            new DumpWriter(new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, true, false))
                    .write(loaded.trace(), out);
            sb.append(out);
        }
        return sb.toString();
    }

    @Test
    void seededRandomEventsMakeTheTraceTheirTextMakes() throws IOException {
        Path file = Files.writeString(dir.resolve("run.twin"), "events in memory");
        int invalid = 0;
        for (long seed = 1; seed <= 40; seed++) {
            List<Line> lines = randomLines(seed, 20 + (int) (seed * 7), seed % 2 == 0);
            for (int max : new int[] {1, 1000}) {
                String text = outcome(file, lines, false, max);
                assertThat(outcome(file, lines, true, max)).as("seed %d, up to %d problems", seed, max).isEqualTo(text);
                invalid += text.startsWith("valid false") ? 1 : 0;
            }
        }
        assertThat(invalid).as("loads with problems: the error paths were compared too").isBetween(10, 70);
    }

    @Test
    void aValidSequenceGivesTheSameDumpAndCounts() throws IOException {
        Path file = Files.writeString(dir.resolve("ok.twin"), "events in memory");
        List<Line> lines = List.of(
                new Line(EventKind.PUSH_STATE, 0, 1, "p1", "b c", 0, null, null, new String[] {"4 KB"}),
                new Line(EventKind.START_LINK, 2, 1.5, "0", "m", 0, "p1", "k1", new String[] {"é\"x"}),
                new Line(EventKind.SET_VARIABLE, -1, 1.5, "p2", null, 0.1 + 0.2, null, null, null),
                new Line(EventKind.END_LINK, -1, 2.25, "0", "m", 0, "p2", "k1", null),
                new Line(EventKind.NEW_EVENT, 1, 2.5, "p2", "d#e", 0, null, null, new String[] {"", "1", "-"}),
                new Line(EventKind.POP_STATE, -1, 3, "p1", null, 0, null, null, null));
        String text = outcome(file, lines, false, 1);
        assertThat(text).startsWith("valid true").contains("146 lines, 13 events", "\"b c\"", "\"4 KB\"");
        assertThat(outcome(file, lines, true, 1)).isEqualTo(text);
    }
}
