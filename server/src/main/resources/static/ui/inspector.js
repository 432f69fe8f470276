// The inspector panel: details of a clicked entity from /api/entity, zoom to it, follow a link to its other end.

import { U, $, S, contById, model, span, valueColor, containerPath, esc, swatch, unq, unqPath } from '../model/state.js';
import { setView } from '../model/view.js';
import { revealRow } from '../model/reveal.js';
import { getJson } from '../data/http.js';
import { describe } from './describe.js';
import { showSource } from './source.js';

export async function inspect(h, clickTime) {
  const box = $('inspector');
  box.hidden = false;
  S.selection = { obj: h, clickTime };
  model.selection = null;
  if (!h) { box.hidden = true; return; }
  if (!['state', 'event', 'link'].includes(h.kind)) {
    box.innerHTML = `<div class="head"><h2>Inspector</h2><button class="close" title="Close">×</button></div><div>${describe(h)}</div>`;
    box.querySelector('.close').onclick = () => { box.hidden = true; };
    box.querySelectorAll('.dim').forEach((e) => { e.style.color = '#6a717a'; });
    model.selection = { kind: h.kind };
    return;
  }
  box.innerHTML = '<div class="head"><h2>Inspector</h2></div><div>loading…</div>';
  let ent;
  try {
    ent = await getJson(`/api/entity?container=${h.container}&type=${h.type}&row=${h.row}`);
  } catch (e) {
    box.innerHTML = `<div class="head"><h2>Inspector</h2><button class="close" title="Close">×</button></div><div class="error">${esc(e.message)}</div>`;
    box.querySelector('.close').onclick = () => { box.hidden = true; };
    return;
  }
  if (S.selection.obj !== h) return;
  S.selection.entity = ent;
  const res = span() / S.plotW;
  const rowsHtml = [];
  const add = (k, v, cls) => {
    if (v === undefined || v === null || v === '') return;
    rowsHtml.push(`<tr data-field="${esc(k)}"${cls ? ` class="${cls}"` : ''}><th>${esc(k)}</th><td>${esc(v)}</td></tr>`);
  };
  const color = valueColor(h.type, h.value);
  ent.type = unq(ent.type);
  ent.value = unq(ent.value);
  const pathOf = (id, p) => (contById.has(id) ? containerPath(id) : unqPath(p));
  ent.containerPath = pathOf(ent.container, ent.containerPath);
  if (ent.kind === 'link') {
    ent.fromPath = pathOf(ent.from, ent.fromPath);
    ent.toPath = pathOf(ent.to, ent.toPath);
  }
  for (const k of Object.keys(ent.fields || {})) ent.fields[k] = unq(ent.fields[k]);
  add('Kind', ent.kind);
  add('Type', ent.type);
  add('Value', ent.value);
  add('Container', ent.containerPath);
  if (ent.time !== undefined) add('Time', U.formatTime(ent.time, Math.min(res, 1e-6)));
  if (ent.start !== undefined) add('Start', U.formatTime(ent.start, Math.min(res, 1e-6)));
  if (ent.end !== undefined) add('End', U.formatTime(ent.end, Math.min(res, 1e-6)));
  if (ent.duration !== undefined) add('Duration', U.formatDuration(ent.duration));
  if (ent.level !== undefined) add('Level', String(ent.level));
  if (ent.kind === 'link') {
    add('From', ent.fromPath);
    add('To', ent.toPath);
    add('Key', ent.key);
  }
  for (const [k, v] of Object.entries(ent.fields || {})) add(k, v, 'user');
  let actions = '<button data-act="zoom" title="Zoom the view on this entity">Zoom to</button>';
  let other = null;
  if (ent.kind === 'link') {
    const nearStart = clickTime == null || Math.abs(clickTime - ent.start) <= Math.abs(clickTime - ent.end);
    other = nearStart ? { container: ent.to, time: ent.end, path: ent.toPath, end: 'end' }
      : { container: ent.from, time: ent.start, path: ent.fromPath, end: 'start' };
    actions = `<button data-act="follow" title="Move the view to the other end of the link">Follow link → ${esc(other.end)} (${esc(other.path)})</button>` + actions;
  }
  box.innerHTML = `<div class="head"><h2>${swatch(color)} Inspector</h2><button class="close" title="Close">×</button></div>`
    + `<table>${rowsHtml.join('')}</table><div class="actions">${actions}</div>`;
  box.querySelector('.close').onclick = () => { box.hidden = true; S.selection = null; model.selection = null; };
  box.querySelector('[data-act="zoom"]').onclick = () => {
    const s = h.time ?? h.start, e = h.time ?? h.end; // the hit's: seconds or steps, as the axis
    const w = Math.max(e - s, span() / 50);
    setView(s - w * 0.25, s + w * 1.25, { immediate: true });
  };
  const f = box.querySelector('[data-act="follow"]');
  if (f) f.onclick = () => followTo(other.container, other.end === 'end' ? h.end : h.start); // the axis' unit
  model.selection = { kind: ent.kind, container: h.container, type: h.type, row: h.row, entity: ent, other };
  showSource(box, ent); // the source line, with paje view --source DIR
}

function followTo(container, time) {
  // centre the target in time, expand its ancestors and bring its row on screen
  S.focusMark = { container, time };
  model.focus = { container, time };
  const w = span();
  setView(time - w / 2, time + w / 2, { immediate: true });
  revealRow(container);
}
