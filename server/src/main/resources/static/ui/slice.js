// The time slice for statistics: drag on the ruler (or shift+drag on the plot) selects it, dragging an edge on the
// ruler edits it, Esc clears it. Kept in the URL hash (slice=S,E); the statistics panel follows it.

import { $, S, view, ruler, plot, model, span } from '../model/state.js';
import { slice, roundTime } from '../model/annot-state.js';
import { registerHashPart } from '../model/hash-parts.js';
import { registerFeature } from '../model/registry.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';
import { showStats, hideStats } from './stats-panel.js';
import { isTyping } from './keys.js';

const EDGE_PX = 5;

registerHashPart({
  write: () => (slice.active ? `slice=${slice.start},${slice.end}` : ''),
  read: (h) => {
    const [a, b] = (h.slice || '').split(',').map(Number);
    if (h.slice && isFinite(a) && isFinite(b) && b > a) setSlice(a, b, { fromHash: true });
    else if (slice.active) clearSlice({ fromHash: true });
  },
});

function redraw() { invalidate('paint', 'ruler'); }

/** Selects [start, end] and shows its statistics. */
export function setSlice(start, end, opts = {}) {
  const a = Math.max(S.traceStart, Math.min(start, end)), b = Math.min(S.traceEnd, Math.max(start, end));
  if (!(b > a)) return;
  Object.assign(slice, { active: true, start: a, end: b });
  model.slice = { start: a, end: b };
  redraw();
  changed('annotations', opts);
  if (!opts.preview) showStats();
}

export function clearSlice(opts = {}) {
  if (!slice.active) return;
  slice.active = false;
  model.slice = null;
  hideStats();
  redraw();
  changed('annotations', opts);
}

/** A drag over an element whose x maps to [view.start, view.end]; `fixed` is the time that stays put. */
function startDrag(el, fixed, ev) {
  const rect = el.getBoundingClientRect();
  const timeAt = (cx) => roundTime(view.start + ((cx - rect.left) / rect.width) * span(), span() / rect.width);
  const x0 = ev.clientX;
  let moved = false;
  slice.dragging = true;
  const move = (e) => {
    if (!moved && Math.abs(e.clientX - x0) < 3) return;
    moved = true;
    setSlice(fixed, timeAt(e.clientX), { preview: true });
  };
  const up = (e) => {
    window.removeEventListener('mousemove', move);
    window.removeEventListener('mouseup', up);
    slice.dragging = false;
    if (moved) setSlice(fixed, timeAt(e.clientX));
  };
  window.addEventListener('mousemove', move);
  window.addEventListener('mouseup', up);
}

function wireSlice() {
  $('stats-close').onclick = () => clearSlice();
  ruler.addEventListener('mousedown', (ev) => {
    if (ev.button !== 0) return;
    ev.preventDefault();
    const rect = ruler.getBoundingClientRect();
    const xs = (t) => rect.left + ((t - view.start) / span()) * rect.width;
    // grabbing an edge of the current slice edits it: the other edge stays put
    if (slice.active && Math.abs(ev.clientX - xs(slice.start)) <= EDGE_PX) startDrag(ruler, slice.end, ev);
    else if (slice.active && Math.abs(ev.clientX - xs(slice.end)) <= EDGE_PX) startDrag(ruler, slice.start, ev);
    else startDrag(ruler, roundTime(view.start + ((ev.clientX - rect.left) / rect.width) * span(), span() / rect.width), ev);
  });
  ruler.addEventListener('mousemove', (ev) => {
    const rect = ruler.getBoundingClientRect();
    const xs = (t) => rect.left + ((t - view.start) / span()) * rect.width;
    const edge = slice.active && (Math.abs(ev.clientX - xs(slice.start)) <= EDGE_PX || Math.abs(ev.clientX - xs(slice.end)) <= EDGE_PX);
    ruler.style.cursor = edge ? 'ew-resize' : 'crosshair';
  });
  // shift+drag on the plot: caught before the plot's own pan handler
  $('main').addEventListener('mousedown', (ev) => {
    if (ev.button !== 0 || !ev.shiftKey || !plot.contains(ev.target)) return;
    ev.preventDefault();
    ev.stopPropagation();
    const rect = plot.getBoundingClientRect();
    startDrag(plot, roundTime(view.start + ((ev.clientX - rect.left) / rect.width) * span(), span() / rect.width), ev);
  }, { capture: true });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && slice.active && !isTyping(ev)) clearSlice();
  });
}

registerFeature({ name: 'slice', wire: wireSlice });
