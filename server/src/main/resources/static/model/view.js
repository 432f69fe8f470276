// Changes of the time window and of the vertical scroll: the state changes here, the page follows in the next
// frame (scheduler.js), and subscribers of the store (URL hash, history, inputs) hear of it.

import { S, view, vscroll, span } from './state.js';
import { invalidate } from './scheduler.js';
import { changed } from './store.js';

function minSpan() { return Math.max(1e-12, Math.max(Math.abs(S.traceStart), Math.abs(S.traceEnd)) * 1e-13); }

/**
 * Sets the time window [s, e], clamped to the trace.
 * @param {number} s
 * @param {number} e
 * @param {{ anchor?: number, anchorFrac?: number, keepStart?: boolean, immediate?: boolean, fromHistory?: boolean }} [opts]
 */
export function setView(s, e, opts = {}) {
  const full = S.traceEnd - S.traceStart;
  let w = e - s;
  if (!(w > 0) || !isFinite(w)) return;
  w = Math.max(minSpan(), Math.min(full, w));
  if (opts.anchor != null) {
    // keep the time under the cursor where it is
    const f = opts.anchorFrac || 0;
    s = opts.anchor - f * w;
  } else if (e - s !== w) {
    const c = (s + e) / 2;
    s = opts.keepStart ? s : c - w / 2;
  }
  s = Math.max(S.traceStart, Math.min(S.traceEnd - w, s));
  e = s + w;
  if (s === view.start && e === view.end) return;
  view.start = s;
  view.end = e;
  invalidate('present', 'ruler', 'overview', 'fetch');
  changed('view', opts);
}

export function zoomAt(/** @type {number} */ t, /** @type {number} */ factor) {
  const f = (t - view.start) / span();
  setView(view.start, view.start + span() * factor, { anchor: t, anchorFrac: f });
}

export function pan(/** @type {number} */ frac) {
  const d = span() * frac;
  setView(view.start + d, view.end + d);
}

export function setScroll(/** @type {number} */ y) {
  const max = Math.max(0, S.totalHeight - S.plotH);
  y = Math.max(0, Math.min(max, Math.round(y)));
  if (y === S.scrollY) return;
  S.scrollY = y;
  if (Math.abs(vscroll.scrollTop - y) > 1) vscroll.scrollTop = y;
  invalidate('tree', 'present', 'fetch');
  changed('scroll');
}
