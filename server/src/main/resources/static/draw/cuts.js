// Folded gaps drawn as cuts (two zig-zags over the span they hide) on the plot and on the ruler.

import { model, xOf } from '../model/state.js';
import { axis, CUT_PX } from '../model/timeaxis.js';

function zigzag(g, x, top, bottom) {
  g.beginPath();
  g.moveTo(x, top);
  for (let y = top, k = 0; y < bottom; y += 5, k++) g.lineTo(x + (k % 2 ? -2.5 : 2.5), Math.min(bottom, y + 5));
  g.stroke();
}

/** A cut: the span drawn over (what it hides is summarized by the sides) and two zig-zags. */
function drawCut(g, x, top, bottom) {
  g.fillStyle = 'rgba(247,247,245,0.92)';
  g.fillRect(x, top, CUT_PX, bottom - top);
  g.strokeStyle = '#57606a';
  g.lineWidth = 1.2;
  zigzag(g, x + 3.5, top, bottom);
  zigzag(g, x + CUT_PX - 3.5, top, bottom);
}

/** Called by draw/frame.js: the cuts over the plot, and the model of them for tests. */
export function drawCuts(g, W, H) {
  for (const f of axis.folds) drawCut(g, xOf(f.s), 0, H);
  model.folds = axis.folds.map((f) => ({ start: f.s, end: f.e, x: xOf(f.s), width: CUT_PX }));
}

/** Called by draw/ruler.js: the cuts on the ruler, with how much time each hides. */
export function drawRulerCuts(g, W, H, X) {
  for (const f of axis.folds) {
    const x = X(f.s);
    drawCut(g, x, 0, H);
  }
}
