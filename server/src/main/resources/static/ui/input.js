// Interaction: mouse, wheel and keyboard, the toolbar's time commands (JED style) and the view history.

import { $, S, view, canvas, overlay, overview, plot, tree, vscroll, model, span, tOf } from '../model/state.js';
import { setView, zoomAt, pan, setScroll } from '../model/view.js';
import { layoutRows } from '../model/rows.js';
import { parseAxisTime, timeText } from '../model/timeaxis.js';
import { toggleCollective } from '../model/collectives.js';
import { invalidate, flush } from '../model/scheduler.js';
import { changed, subscribe } from '../model/store.js';
import { fetchOverview } from '../data/window.js';
import { makeHatches } from '../draw/frame.js';
import { drawOverlay } from '../draw/overlay.js';
import { onHashChange } from './url.js';
import { goHistory, commitHistoryNow } from './history.js';
import { hitTest, setHover } from './hover.js';
import { inspect } from './inspector.js';
import { toggleLogical } from './logical.js';
import { toggleFolding, unfoldAt } from './folding.js';
import { toggleCollectives } from './collectives.js';
import { inTextField, blurActive } from './keys.js';

subscribe((what) => { if (what === 'view') updateInputs(); });

const DENSITIES = ['normal', 'compact', 'fit'];

/** Row heights: normal, compact, or every displayed row fitted into the plot's height. */
function setDensity(d) {
  S.density = DENSITIES.includes(d) ? d : 'normal';
  $('density').value = S.density;
  layoutRows();
  invalidate('tree', 'paint', 'fetch');
  changed('rows');
}

export function wire() {
  new ResizeObserver(() => resize()).observe(plot);
  $('density').addEventListener('change', (ev) => setDensity(ev.target.value));
  window.addEventListener('resize', () => invalidate('ruler', 'overview'));

  plot.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const mul = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? S.plotH : 1;
    const rect = plot.getBoundingClientRect();
    const mx = ev.clientX - rect.left;
    if (ev.shiftKey) { setScroll(S.scrollY + (ev.deltaY || ev.deltaX) * mul); return; }
    if (Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) { pan((ev.deltaX * mul) / S.plotW); return; }
    const f = Math.exp(Math.max(-1, Math.min(1, ev.deltaY * mul * 0.002)));
    zoomAt(tOf(mx), f);
  }, { passive: false });
  tree.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    setScroll(S.scrollY + ev.deltaY * (ev.deltaMode === 1 ? 16 : 1));
  }, { passive: false });
  vscroll.addEventListener('scroll', () => setScroll(vscroll.scrollTop));

  let drag = null;
  plot.addEventListener('mousedown', (ev) => {
    if (ev.button !== 0) return;
    ev.preventDefault();
    drag = { x: ev.clientX, y: ev.clientY, start: view.start, end: view.end, scrollY: S.scrollY, moved: false };
  });
  window.addEventListener('mousemove', (ev) => {
    const rect = plot.getBoundingClientRect();
    const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
    if (drag) {
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      drag.moved = true;
      plot.classList.add('dragging');
      setHover(null);
      const d = (-dx / S.plotW) * (drag.end - drag.start);
      setView(drag.start + d, drag.end + d);
      setScroll(drag.scrollY - dy);
      return;
    }
    if (mx < 0 || my < 0 || mx > S.plotW || my > S.plotH) { if (S.hover) setHover(null); return; }
    setHover(hitTest(mx, my), mx, my);
  });
  window.addEventListener('mouseup', (ev) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    plot.classList.remove('dragging');
    if (d.moved) { commitHistoryNow(); return; }
    const rect = plot.getBoundingClientRect();
    const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
    if (unfoldAt(mx)) return;
    const h = hitTest(mx, my);
    if (h && h.kind === 'collective') { toggleCollective(h.id); return; }
    if (h) inspect(h, tOf(mx));
  });
  plot.addEventListener('mouseleave', () => { if (!drag) setHover(null); });

  // overview: click or drag to move the view there
  let ovDrag = false;
  const ovMove = (ev) => {
    const rect = overview.getBoundingClientRect();
    const t = S.traceStart + ((ev.clientX - rect.left) / rect.width) * (S.traceEnd - S.traceStart);
    const w = span();
    setView(t - w / 2, t + w / 2);
  };
  overview.addEventListener('mousedown', (ev) => { ovDrag = true; ovMove(ev); ev.preventDefault(); });
  window.addEventListener('mousemove', (ev) => { if (ovDrag) ovMove(ev); });
  window.addEventListener('mouseup', () => { ovDrag = false; });

  const full = () => setView(S.traceStart, S.traceEnd, { immediate: true });
  $('btn-start').onclick = () => { const w = span(); setView(S.traceStart, S.traceStart + w, { immediate: true, keepStart: true }); };
  $('btn-end').onclick = () => { const w = span(); setView(S.traceEnd - w, S.traceEnd, { immediate: true }); };
  $('btn-left').onclick = () => { const w = span(); setView(view.start - w / 2, view.end - w / 2, { immediate: true }); };
  $('btn-right').onclick = () => { const w = span(); setView(view.start + w / 2, view.end + w / 2, { immediate: true }); };
  $('btn-in').onclick = () => setView(view.start, view.start + span() / 2, { immediate: true, keepStart: true });
  $('btn-out').onclick = () => setView(view.start, view.start + span() * 2, { immediate: true, keepStart: true });
  $('btn-all').onclick = full;
  $('btn-back').onclick = () => goHistory(-1);
  $('btn-forward').onclick = () => goHistory(1);
  $('range').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const a = parseAxisTime($('in-start').value), b = parseAxisTime($('in-end').value);
    $('in-start').classList.toggle('invalid', !isFinite(a));
    $('in-end').classList.toggle('invalid', !isFinite(b) || !(b > a));
    if (isFinite(a) && isFinite(b) && b > a) {
      blurActive();
      setView(a, b, { immediate: true, keepStart: true });
      updateInputs();
    }
  });
  for (const id of ['in-start', 'in-end']) {
    $(id).addEventListener('change', () => $('range').requestSubmit());
  }

  document.addEventListener('keydown', (ev) => {
    if (inTextField(ev)) return;
    if (ev.ctrlKey || ev.metaKey) return;
    const k = ev.key;
    let used = true;
    if (ev.altKey && k === 'ArrowLeft') goHistory(-1);
    else if (ev.altKey && k === 'ArrowRight') goHistory(1);
    else if (k === 'ArrowLeft' || k === 'a' || k === 'A') pan(-0.1);
    else if (k === 'ArrowRight' || k === 'd' || k === 'D') pan(0.1);
    else if (k === 'ArrowUp' || k === 'w' || k === 'W') setScroll(S.scrollY - 40);
    else if (k === 'ArrowDown' || k === 's' || k === 'S') setScroll(S.scrollY + 40);
    else if (k === '+' || k === '=') zoomAt((view.start + view.end) / 2, 0.5);
    else if (k === '-' || k === '_') zoomAt((view.start + view.end) / 2, 2);
    else if (k === '0') full();
    else if (k === 'r' || k === 'R') setDensity(DENSITIES[(DENSITIES.indexOf(S.density) + 1) % DENSITIES.length]);
    else if (k === 'Home') $('btn-start').click();
    else if (k === 'End') $('btn-end').click();
    else if (k === 'l' || k === 'L') toggleLogical();
    else if (k === 'G') toggleFolding(); // g (lower case) goes to a mark: ui/marks.js
    else if (k === '?') $('help').classList.toggle('overlay');
    else if (k === 'o' || k === 'O') toggleCollectives();
    else if (k === 'Escape') {
      $('inspector').hidden = true; $('help').classList.remove('overlay'); S.focusMark = null; model.focus = null; drawOverlay();
    }
    else used = false;
    if (used) ev.preventDefault();
  });
  window.addEventListener('hashchange', onHashChange);
}

/** The plot's size or the device's pixel ratio changed: size the canvases, lay the rows out again, redraw. */
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
  invalidate('tree', 'paint', 'ruler', 'overview', 'fetch');
  flush(); // the canvases were cleared by their new size: paint them before the browser shows them
  if (widthChanged) fetchOverview();
}

/** The time inputs follow the view, unless one is being edited. */
export function updateInputs() {
  const res = span() / Math.max(1, S.plotW) / 10;
  for (const [id, v] of /** @type {[string, number][]} */ ([['in-start', view.start], ['in-end', view.end]])) {
    const el = /** @type {HTMLInputElement} */ ($(id));
    if (document.activeElement !== el) { el.value = timeText(v, res); el.classList.remove('invalid'); }
  }
}
