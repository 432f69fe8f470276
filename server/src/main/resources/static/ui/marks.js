// Marks (JED): interesting points in time kept in a queue whose head is the current mark. Set one with `m` at the
// cursor (or a double-click on the ruler, or the panel's button at the centre of the view), go to, delete, rotate.
// Drawn as vertical lines over the plot and triangles on the ruler; kept in the URL hash (marks=t1,t2).

import { U, $, S, view, plot, ruler, model, span } from '../model/state.js';
import { marks, roundTime } from '../model/annot-state.js';
import { registerHashPart } from '../model/hash-parts.js';
import { registerFeature } from '../model/registry.js';
import { setView } from '../model/view.js';
import { invalidate } from '../model/scheduler.js';
import { changed as announce } from '../model/store.js';
import { isTyping } from './keys.js';

let cursorTime = null;   // the time under the mouse, over the plot or the ruler

registerHashPart({
  write: () => (marks.list.length ? `marks=${marks.list.join(',')}` : ''),
  read: (h) => {
    const list = (h.marks || '').split(',').filter(Boolean).map(Number).filter(isFinite);
    if (list.join(',') !== marks.list.join(',')) { marks.list = [...new Set(list)]; changed(true); }
  },
});

function changed(fromHash) {
  model.marks = marks.list.slice();
  renderMarks();
  invalidate('paint', 'ruler');
  announce('annotations', { fromHash });
}

/** Sets a mark at t; it becomes the current mark. */
export function setMark(t) {
  t = roundTime(t, span() / Math.max(1, S.plotW));
  marks.list = [t, ...marks.list.filter((x) => x !== t)];
  changed();
}

/** Centres the view on a mark, keeping the resolution (JED puts it at the start; centring keeps its surroundings in view). */
export function goToMark(t) {
  const w = span();
  setView(t - w / 2, t + w / 2, { immediate: true });
}

function makeCurrent(t) { marks.list = [t, ...marks.list.filter((x) => x !== t)]; changed(); }
function deleteMark(t) { marks.list = marks.list.filter((x) => x !== t); changed(); }
function deleteAll() { marks.list = []; changed(); }

/** JED's Rotate Marks: the current mark goes to the tail, the next one becomes current and is shown. */
export function rotateMarks() {
  if (!marks.list.length) return;
  marks.list = [...marks.list.slice(1), marks.list[0]];
  changed();
  goToMark(marks.list[0]);
}

export function renderMarks() {
  const list = $('marks-list');
  $('marks-rotate').disabled = marks.list.length < 2;
  $('marks-clear').disabled = !marks.list.length;
  if (!marks.list.length) { list.innerHTML = '<li class="none">No marks: press m over the plot</li>'; return; }
  const res = span() / Math.max(1, S.plotW) / 10;
  list.replaceChildren(...marks.list.map((t, i) => {
    const li = document.createElement('li');
    li.className = i === 0 ? 'current' : '';
    li.dataset.time = String(t);
    li.innerHTML = `<span class="tri"></span><span class="t">${U.formatTime(t, Math.min(res, 1e-3))}</span>`
      + '<button data-act="go" title="Go to this mark">go</button><button data-act="del" title="Delete this mark">×</button>';
    /** @type {HTMLElement} */ (li.querySelector('[data-act="go"]')).onclick = () => { makeCurrent(t); goToMark(t); };
    /** @type {HTMLElement} */ (li.querySelector('[data-act="del"]')).onclick = () => deleteMark(t);
    return li;
  }));
}

function wireMarks() {
  const track = (el) => el.addEventListener('mousemove', (ev) => {
    const r = el.getBoundingClientRect();
    cursorTime = view.start + ((ev.clientX - r.left) / r.width) * span();
  });
  track(plot);
  track(ruler);
  for (const el of [plot, ruler]) el.addEventListener('mouseleave', () => { cursorTime = null; });
  ruler.addEventListener('dblclick', (ev) => {
    const r = ruler.getBoundingClientRect();
    setMark(view.start + ((ev.clientX - r.left) / r.width) * span());
  });
  $('marks-set').onclick = () => setMark((view.start + view.end) / 2);
  $('marks-rotate').onclick = rotateMarks;
  $('marks-clear').onclick = deleteAll;
  document.addEventListener('keydown', (ev) => {
    if (isTyping(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'm') setMark(cursorTime != null ? cursorTime : (view.start + view.end) / 2);
    else if (ev.key === 'M') { if (marks.list.length) deleteMark(marks.list[0]); }
    else if (ev.key === 'n') rotateMarks();
    else if (ev.key === 'g') { if (marks.list.length) goToMark(marks.list[0]); }
    else return;
    ev.preventDefault();
  });
  renderMarks();
}

registerFeature({ name: 'marks', wire: wireMarks });
