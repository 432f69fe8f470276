// Changes of the time window and of the vertical scroll, and reactions to the plot's size.

import { U, $, S, view, canvas, overlay, plot, vscroll, span } from './state.js';
import { writeHash } from './url.js';
import { renderTree, layoutRows } from './tree.js';
import { scheduleFetch, fetchOverview } from './fetch.js';
import { makeHatches, draw, drawView } from './draw.js';
import { drawRuler, drawOverview } from './ruler.js';
import { scheduleHistory } from './input.js';
import { timeText } from './timeaxis.js';

function minSpan() { return Math.max(1e-12, Math.max(Math.abs(S.traceStart), Math.abs(S.traceEnd)) * 1e-13); }
export function setView(s, e, opts = {}) {
  const full = S.traceEnd - S.traceStart;
  let w = e - s;
  if (!(w > 0) || !isFinite(w)) return;
  w = Math.max(minSpan(), Math.min(full, w));
  if (opts.anchor != null) {
    // keep the time under the cursor where it is
    const f = opts.anchorFrac;
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
  afterViewChange(opts);
}

function afterViewChange(opts) {
  drawView();
  drawRuler();
  drawOverview();
  updateInputs();
  scheduleFetch();
  if (!opts.fromHistory) scheduleHistory(opts.immediate ? 0 : 350);
  writeHash();
}

export function zoomAt(t, factor) {
  const f = (t - view.start) / span();
  setView(view.start, view.start + span() * factor, { anchor: t, anchorFrac: f });
}

export function pan(frac) {
  const d = span() * frac;
  setView(view.start + d, view.end + d);
}

export function setScroll(y) {
  const max = Math.max(0, S.totalHeight - S.plotH);
  y = Math.max(0, Math.min(max, Math.round(y)));
  if (y === S.scrollY) return;
  S.scrollY = y;
  if (Math.abs(vscroll.scrollTop - y) > 1) vscroll.scrollTop = y;
  renderTree();
  drawView();
  scheduleFetch();
  writeHash();
}

export function resize() {
  S.dpr = window.devicePixelRatio || 1;
  const w = Math.max(10, plot.clientWidth), h = Math.max(10, plot.clientHeight);
  const widthChanged = w !== S.plotW;
  S.plotW = w; S.plotH = h;
  for (const c of [canvas, overlay]) {
    c.width = Math.round(w * S.dpr);
    c.height = Math.round(h * S.dpr);
  }
  makeHatches();
  if (!S.meta) return;
  if (S.density === 'fit') layoutRows();
  setScroll(S.scrollY);
  renderTree();
  draw();
  drawRuler();
  drawOverview();
  scheduleFetch();
  if (widthChanged) fetchOverview();
}

export function updateInputs() {
  const res = span() / Math.max(1, S.plotW) / 10;
  for (const [id, v] of [['in-start', view.start], ['in-end', view.end]]) {
    const el = $(id);
    if (document.activeElement !== el) { el.value = timeText(v, res); el.classList.remove('invalid'); }
  }
}
