// Interaction: mouse, wheel and keyboard, the toolbar's time commands (JED style) and the view history.

import { U, $, S, view, overview, plot, tree, vscroll, model, span, tOf } from './state.js';
import { onHashChange } from './url.js';
import { setView, zoomAt, pan, setScroll, resize, updateInputs } from './view.js';
import { drawRuler, drawOverview } from './ruler.js';
import { hitTest, setHover, drawOverlay } from './hover.js';
import { inspect } from './inspector.js';
import { parseAxisTime } from './timeaxis.js';
import { toggleLogical } from './logical.js';
import { toggleFolding, unfoldAt } from './gaps.js';
import { toggleCollectives, toggleCollective } from './collectives.js';
import { layoutRows, renderTree } from './tree.js';
import { draw } from './draw.js';
import { scheduleFetch } from './fetch.js';
import { writeHash } from './url.js';

const DENSITIES = ['normal', 'compact', 'fit'];

/** Row heights: normal, compact, or every displayed row fitted into the plot's height. */
function setDensity(d) {
  S.density = DENSITIES.includes(d) ? d : 'normal';
  $('density').value = S.density;
  layoutRows();
  renderTree();
  draw();
  scheduleFetch();
  writeHash();
}

const history = { list: [], index: -1 };
let historyTimer = 0;

export function commitHistory() {
  const cur = history.list[history.index];
  if (cur && cur.start === view.start && cur.end === view.end) return;
  history.list.splice(history.index + 1);
  history.list.push({ start: view.start, end: view.end });
  if (history.list.length > 200) history.list.shift();
  history.index = history.list.length - 1;
  updateHistoryButtons();
}

export function scheduleHistory(delay) {
  clearTimeout(historyTimer);
  historyTimer = setTimeout(commitHistory, delay);
}

function goHistory(d) {
  clearTimeout(historyTimer);
  commitHistory();
  const i = history.index + d;
  if (i < 0 || i >= history.list.length) return;
  history.index = i;
  const v = history.list[i];
  setView(v.start, v.end, { fromHistory: true });
  updateHistoryButtons();
}

function updateHistoryButtons() {
  $('btn-back').disabled = history.index <= 0;
  $('btn-forward').disabled = history.index >= history.list.length - 1;
}

export function wire() {
  new ResizeObserver(() => resize()).observe(plot);
  $('density').addEventListener('change', (ev) => setDensity(ev.target.value));
  window.addEventListener('resize', () => { drawRuler(); drawOverview(); });

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
    if (d.moved) { clearTimeout(historyTimer); commitHistory(); return; }
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
      document.activeElement.blur();
      setView(a, b, { immediate: true, keepStart: true });
      updateInputs();
    }
  });
  for (const id of ['in-start', 'in-end']) {
    $(id).addEventListener('change', () => $('range').requestSubmit());
  }

  document.addEventListener('keydown', (ev) => {
    if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA')) return;
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
    else if (k === 'g' || k === 'G') toggleFolding();
    else if (k === 'o' || k === 'O') toggleCollectives();
    else if (k === 'Escape') { $('inspector').hidden = true; S.focusMark = null; model.focus = null; drawOverlay(); }
    else used = false;
    if (used) ev.preventDefault();
  });
  window.addEventListener('hashchange', onHashChange);
}
