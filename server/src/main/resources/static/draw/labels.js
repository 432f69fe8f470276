// Texts drawn on the screen after each copy of the painted frame (frame.js present): a state's value at the
// visible start of the state, cut with an ellipsis, and each lane's name and scale at the plot's left edge.
// They are drawn in screen coordinates because the frame reaches half a view beyond each side: text painted
// into it would sit at a state's start that is off-screen, or at the frame's left edge, off-screen too.

import { S, model } from '../model/state.js';

const FONT = '11px system-ui, sans-serif';
const SMALL = '10px system-ui, sans-serif';
const MIN_ROOM = 36; // px of a state's visible width below which it is left bare (its colour says more)

/** What the painted frame asks to label, in frame coordinates; cleared by each paint. */
const wanted = { states: [], lanes: [] };

export function clearLabels() {
  wanted.states = [];
  wanted.lanes = [];
}

/** The value of a state spanning frame x0..x1, in a box of height h centred on y. */
export function stateLabel(text, x0, x1, y, h, style) { wanted.states.push({ text, x0, x1, y, h, style }); }

/**
 * A lane's name and scale at the plot's left edge of the lane whose frame top is y and height h: the name
 * and the top of the scale `hi` on its first line, the bottom `lo` on its last; one line when it is low,
 * the name alone when lo and hi are both ''.
 */
export function laneLabel(y, h, name, lo, hi) { wanted.lanes.push({ y, h, name, lo, hi }); }

/** The unit a type's name gives in brackets or parentheses at its end ("Memory [MB]", "power (W)"), or ''. */
export function unitOf(name) {
  const m = /[[(]\s*([^\])]{1,12}?)\s*[\])]\s*$/.exec(name || '');
  return m ? m[1] : '';
}

/** A scale's number, short: 4 significant digits, exponents for the very large and the very small. */
export function scaleNumber(v, unit) {
  const s = Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-2 && v !== 0) ? v.toExponential(2) : String(Number(v.toPrecision(4)));
  return unit ? `${s} ${unit}` : s;
}

/** @type {Map<string, number>} */
const widths = new Map(); // font and text -> width: the same values come back on every frame
function width(g, text) {
  const k = `${g.font}|${text}`;
  let w = widths.get(k);
  if (w === undefined) {
    if (widths.size > 5000) widths.clear();
    widths.set(k, (w = g.measureText(text).width));
  }
  return w;
}

/** `text` cut to `room` px with an ellipsis ('' when not even one letter fits). */
export function fitText(g, text, room) {
  if (width(g, text) <= room) return text;
  let lo = 0, hi = text.length - 1; // the longest prefix that fits with its ellipsis
  while (lo < hi) {
    const m = (lo + hi + 1) >> 1;
    if (g.measureText(text.slice(0, m) + '…').width <= room) lo = m; else hi = m - 1;
  }
  return lo ? text.slice(0, lo) + '…' : '';
}

/** Draws the labels of the painted frame on the screen context g (device transform set by the caller). */
export function drawLabels(g) {
  const t0 = performance.now();
  const shift = S.hitShift || 0, scale = S.hitScale || 1, shiftY = S.hitShiftY || 0;
  const W = S.plotW, H = S.plotH;
  const shown = [];
  g.save();
  g.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  g.font = FONT;
  g.textBaseline = 'middle';
  for (const l of wanted.states) {
    const y = l.y - shiftY;
    if (y + l.h / 2 < 0 || y - l.h / 2 > H) continue;
    const a = Math.max(0, (l.x0 - shift) / scale), b = Math.min(W, (l.x1 - shift) / scale);
    if (b - a < MIN_ROOM) continue;
    const text = fitText(g, l.text, b - a - 8);
    if (!text) continue;
    g.fillStyle = l.style;
    g.fillText(text, a + 4, y);
    if (shown.length < 2000) shown.push({ value: l.text, text, x: a + 4, y, right: b });
  }
  g.font = SMALL;
  g.textBaseline = 'top';
  const lanes = [];
  for (const l of wanted.lanes) {
    const y = l.y - shiftY;
    if (y + l.h < 0 || y > H || l.h < 11) continue;
    /** @type {Array<{text: string, y: number}>} */
    const lines = l.lo === '' && l.hi === '' ? [{ text: l.name, y: y + 1 }]
      : l.h >= 26 ? [{ text: `${l.name} · max ${l.hi}`, y: y + 1 }, { text: `min ${l.lo}`, y: y + l.h - 12 }]
        : [{ text: `${l.name} · ${l.lo} – ${l.hi}`, y: y + (l.h - 11) / 2 }];
    const texts = [];
    for (const line of lines) {
      const t = fitText(g, line.text, W - 8);
      g.fillStyle = 'rgba(255,255,255,0.8)';
      g.fillRect(2, line.y, width(g, t) + 4, 11);
      g.fillStyle = '#57606a';
      g.fillText(t, 4, line.y + 1);
      texts.push(t);
    }
    lanes.push({ y, height: l.h, name: l.name, lo: l.lo, hi: l.hi, texts });
  }
  g.restore();
  model.labels = { states: shown, lanes };
  model.timing.labels = Math.max(model.timing.labels || 0, performance.now() - t0);
}
