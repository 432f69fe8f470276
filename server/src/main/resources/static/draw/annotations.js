// Draws the annotations over the time axis: the selected slice (a shaded band) and the marks, on the plot and on the ruler.

import { $, S, view, ruler, span, snap, model } from '../model/state.js';
import { slice, marks } from '../model/annot-state.js';
import { rctx } from './surface.js';

const layer = $('annot');
const g = layer.getContext('2d');
const listeners = [];

/** Called after each annotation draw (the stats panel follows the visible rows from here). */
export function onAnnotationsDrawn(f) { listeners.push(f); }

function fitLayer() {
  const w = Math.round(S.plotW * S.dpr), h = Math.round(S.plotH * S.dpr);
  if (layer.width !== w || layer.height !== h) { layer.width = w; layer.height = h; }
}

const xAt = (t, W) => ((t - view.start) / span()) * W;

/** The plot's layer; cheap, so it is redrawn with every frame of the plot. */
export function drawAnnotations() {
  fitLayer();
  g.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  g.clearRect(0, 0, S.plotW, S.plotH);
  if (slice.active) {
    const a = xAt(slice.start, S.plotW), b = xAt(slice.end, S.plotW);
    g.fillStyle = 'rgba(31,111,235,0.10)';
    g.fillRect(a, 0, Math.max(1, b - a), S.plotH);
    g.fillStyle = 'rgba(31,111,235,0.85)';
    g.fillRect(snap(a), 0, 1.5, S.plotH);
    g.fillRect(snap(b) - 1, 0, 1.5, S.plotH);
  }
  marks.list.forEach((t, i) => {
    const x = snap(xAt(t, S.plotW));
    if (x < -2 || x > S.plotW + 2) return;
    g.strokeStyle = i === 0 ? 'rgba(20,20,20,0.85)' : 'rgba(110,110,110,0.75)';
    g.lineWidth = i === 0 ? 1.5 : 1;
    g.setLineDash(i === 0 ? [] : [5, 3]);
    g.beginPath();
    g.moveTo(x, 0);
    g.lineTo(x, S.plotH);
    g.stroke();
  });
  g.setLineDash([]);
  model.marks = marks.list.slice();
  for (const f of listeners) f();
}

/** The ruler's part, drawn by drawRuler over its ticks. */
export function drawRulerAnnotations() {
  const W = ruler.clientWidth, H = ruler.clientHeight;
  if (slice.active) {
    const a = xAt(slice.start, W), b = xAt(slice.end, W);
    rctx.fillStyle = 'rgba(31,111,235,0.22)';
    rctx.fillRect(a, 0, Math.max(1, b - a), H);
    rctx.fillStyle = 'rgba(31,111,235,0.9)';
    rctx.fillRect(snap(a), 0, 2, H);
    rctx.fillRect(snap(b) - 1, 0, 2, H);
  }
  // JED's mark icons: triangles on the ruler, black for the current mark
  marks.list.forEach((t, i) => {
    const x = xAt(t, W);
    if (x < -6 || x > W + 6) return;
    rctx.beginPath();
    rctx.moveTo(x - 6, H - 11);
    rctx.lineTo(x + 6, H - 11);
    rctx.lineTo(x, H - 1);
    rctx.closePath();
    rctx.fillStyle = i === 0 ? '#111' : '#9aa0a6';
    rctx.fill();
  });
}
