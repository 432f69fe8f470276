package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.Arrays;

/**
 * The states of one table replayed as pushes and pops: kept states are pushed at their clipped
 * start (so states open at the window's start are pushed there, outermost first) and popped at
 * their clipped end, which gives them the same nesting levels as in the original.
 */
final class StateCursor extends EntityCursor {
    private static final int UNKNOWN = -2;
    private final StateTable s;
    private int scan;
    private int next = UNKNOWN;
    private int[] stack = new int[8];
    private int depth;
    private boolean[] keptAt = new boolean[8];
    private boolean popping;

    StateCursor(CutContext cx, Container c, Type t, StateTable s, int order) {
        super(cx, c, t, order);
        this.s = s;
        // states starting before the window may cover it: only those after the last level-0 one that does
        scan = Clip.firstAtOrAfter(s.size(), cx.clip.start, s::start);
        while (scan > 0 && s.level(--scan) != 0) {
            // back to a level-0 state
        }
        advance();
    }

    /** The next kept row, or -1; records for each level whether its latest row was kept. */
    private int findNext() {
        while (scan < s.size() && s.start(scan) <= cx.clip.end) {
            int row = scan++;
            int level = s.level(row);
            if (level >= keptAt.length) {
                keptAt = Arrays.copyOf(keptAt, level * 2);
            }
            keptAt[level] = cx.clip.keeps(s.start(row), s.end(row), level == 0 || keptAt[level - 1]);
            if (keptAt[level]) {
                return row;
            }
        }
        return -1;
    }

    private void advance() {
        if (next == UNKNOWN) {
            next = findNext();
        }
        int level = next >= 0 ? s.level(next) : 0;
        popping = depth > level;
        if (popping) {
            time = cx.clip.to(s.end(stack[depth - 1]));
        } else {
            time = next >= 0 ? cx.clip.from(s.start(next)) : Double.NaN;
        }
    }

    @Override
    void emit(PajeWriter out) throws IOException {
        String container = cx.containers.ref[c.id()];
        if (popping) {
            out.start(cx.header.id("PajePopState", CutContext.POP)).time(time).token(CutContext.ref(t)).token(container).end();
            depth--;
        } else {
            cx.start(out, "PajePushState", CutContext.PUSH, s.userOrNull(), next).time(time).token(CutContext.ref(t))
                    .token(container).token(CutContext.valueRef(t, s.value(next)));
            cx.finish(out, s.userOrNull(), next);
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
            }
            stack[depth++] = next;
            next = UNKNOWN;
        }
        advance();
    }
}
