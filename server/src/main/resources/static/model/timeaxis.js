// The x axis: seconds or logical steps, and the piecewise time<->x mapping when idle gaps are folded
// into cut marks. Drawing, hover and input all go through xOf/tOf (model/state.js), which defer to `fold`.

import { U, S, view, fold, span } from './state.js';

export const CUT_PX = 14;                       // what a folded gap keeps of the width
export const axis = { logical: false, folds: [] }; // folds: [{s, e}] in view, left to right

/** `&time=logical` for API requests while the axis is logical. */
export const axisParam = () => (axis.logical ? '&time=logical' : '');

const stepText = (x) => `step ${Number.isInteger(x) ? x : Number(x.toFixed(2))}`;
/** A point on the axis, as the ruler, the inputs and the tooltips show it. */
export const timeText = (t, res) => (axis.logical ? stepText(t) : U.formatTime(t, res));
export const durationText = (d) => (axis.logical ? `${Number(d.toFixed(2))} step${d === 1 ? '' : 's'}` : U.formatDuration(d));
/** Reads what the range inputs hold: seconds ("1.5 ms") or steps ("12", "step 12"). */
export const parseAxisTime = (s) => (axis.logical ? Number(String(s).replace(/^\s*step\s*/i, '')) : U.parseTime(s));

/** Seconds of the view not folded away (the scale of the unfolded parts). */
function unfolded() { return span() - axis.folds.reduce((a, f) => a + (f.e - f.s), 0); }

/** How much wider than linear the unfolded parts are drawn: the window is fetched that much finer. */
export const foldZoom = () => (clip(), axis.folds.length ? Math.min(50, span() / Math.max(1e-300, unfolded())) : 1);

// The idle gaps of the fetched window and the least length worth folding; clipped to the view when it moves.
const raw = { gaps: [], min: () => Infinity, key: '' };

/** Installs idle gaps ([[start, end], ...], from /api/gaps) to fold when at least min() long in view; [] unfolds all. */
export function setFolds(gaps, min) {
  raw.gaps = gaps;
  raw.min = min || (() => Infinity);
  raw.key = '';
  fold.x = gaps.length ? foldedX : null;
  fold.t = gaps.length ? foldedT : null;
  if (!gaps.length) axis.folds = [];
}

function clip() {
  const key = `${view.start},${view.end},${S.plotW}`;
  if (key === raw.key) return;
  raw.key = key;
  const min = raw.min(), list = [];
  for (const [a, b] of raw.gaps) {
    const s = Math.max(a, view.start), e = Math.min(b, view.end);
    if (e - s >= min) list.push({ s, e });
  }
  axis.folds = S.plotW - list.length * CUT_PX > S.plotW / 4 ? list : []; // never let cuts eat the plot
}

function scale() { return (S.plotW - axis.folds.length * CUT_PX) / unfolded(); }

function foldedX(t) {
  clip();
  const k = scale();
  let x = 0, at = view.start;
  for (const f of axis.folds) {
    if (t <= f.s) break;
    x += (f.s - at) * k;
    if (t < f.e) return x + ((t - f.s) / (f.e - f.s)) * CUT_PX;
    x += CUT_PX;
    at = f.e;
  }
  return x + (t - at) * k;
}

function foldedT(x) {
  clip();
  const k = scale();
  let px = 0, at = view.start;
  for (const f of axis.folds) {
    const before = (f.s - at) * k;
    if (x <= px + before) break;
    px += before;
    if (x < px + CUT_PX) return f.s + ((x - px) / CUT_PX) * (f.e - f.s);
    px += CUT_PX;
    at = f.e;
  }
  return at + (x - px) / k;
}

/** The fold drawn at x (within a few pixels), or null. */
export function foldAt(x) {
  if (!fold.x) return null;
  clip();
  for (const f of axis.folds) {
    const a = fold.x(f.s);
    if (x >= a - 3 && x <= a + CUT_PX + 3) return f;
  }
  return null;
}

/** Ruler ticks: steps on a logical axis; on a folded one, as dense as the unfolded parts need, none inside cuts. */
export function axisTicks(start, end, px, minPx) {
  if (axis.logical) return stepTicks(start, end, px, minPx);
  clip();
  if (!axis.folds.length) return U.ticks(start, end, px, minPx);
  const tk = U.ticks(start, end, px * foldZoom(), minPx);
  let last = -Infinity;
  tk.ticks = tk.ticks.filter((k) => {
    const x = fold.x(k.t);
    // no tick in a cut, nor one whose label would run into the next cut
    if (axis.folds.some((f) => { const a = fold.x(f.s); return x > a - minPx * 0.6 && x < a + CUT_PX + 1; })) return false;
    if (x - last < minPx * 0.7) return false;
    last = x;
    return true;
  });
  return tk;
}

function stepTicks(start, end, px, minPx) {
  const raw = ((end - start) * minPx) / Math.max(1, px);
  const mag = Math.pow(10, Math.floor(Math.log10(Math.max(1, raw))));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw);
  const ticks = [];
  for (let k = Math.ceil(start / step) * step; k <= end && ticks.length < 1000; k += step) ticks.push({ t: k, label: stepText(k) });
  return { step, minor: step >= 5 ? step / 5 : step >= 2 ? 1 : 0, ticks, relative: false };
}
