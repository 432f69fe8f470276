// Collective operations (Poet's abstract events): while on (toolbar "Collectives", key O, hash coll=1), the
// links and events of each operation from /api/collectives are not drawn one by one; the operation is one
// translucent band bracketing the rows of its containers, labelled with its value and member count. A click
// on the band expands it back to its parts (highlighted); a click on the dashed bracket left closes it again.

import { U, $, S, plot, model, ctx, valueColor, typeById, containerPath, esc, swatch } from './state.js';
import { displayRow } from './tree.js';
import { getJson, scheduleFetch } from './fetch.js';
import { draw } from './draw.js';
import { writeHash } from './url.js';
import { registerHashPart } from './hash-extras.js';
import { axis, timeText, durationText } from './timeaxis.js';

export const coll = { on: false, groups: [], total: 0 };
const expanded = new Set();   // ids of operations shown as their parts
let grouped = new Set();      // "holder:type:row" of the members of the operations drawn as one symbol
let lastKey = '';

/** True when this link or event is drawn as part of a closed operation's symbol (so not by itself). */
export const isGrouped = (container, type, row) => coll.on && grouped.has(`${container}:${type}:${row}`);

function regroup() {
  grouped = new Set();
  for (const g of coll.groups) {
    if (expanded.has(g.id)) continue;
    for (let i = 0; i < g.rows.length; i++) grouped.add(`${g.holders[i]}:${g.type}:${g.rows[i]}`);
  }
}

/** Fetches the operations of the window about to be fetched (awaited by fetch.js). */
export async function refreshCollectives(start, end, ids) {
  if (!coll.on || axis.logical || !ids.length) { coll.groups = []; grouped = new Set(); lastKey = ''; return; }
  const key = `${start},${end},${ids.join(',')}`;
  if (key === lastKey) return;
  try {
    const a = await getJson(`/api/collectives?start=${start}&end=${end}&containers=${ids.join(',')}`);
    coll.groups = a.collectives;
    coll.total = a.total;
    lastKey = key;
  } catch (e) {
    coll.groups = [];
  }
  regroup();
}

export function toggleCollectives(on = !coll.on) {
  coll.on = on;
  lastKey = '';
  if (!on) { coll.groups = []; grouped = new Set(); }
  showState();
  writeHash();
  draw();
  scheduleFetch();
}

/** Expands a closed operation or closes an expanded one. */
export function toggleCollective(id) {
  if (expanded.has(id)) expanded.delete(id); else expanded.add(id);
  regroup();
  draw();
}

function showState() {
  const b = $('btn-coll');
  if (b) b.classList.toggle('on', coll.on);
}

const color = (g) => (g.valueId != null ? valueColor(g.type, g.valueId) : U.paletteColor(g.value));

/** The rows an operation spans on screen (collapsed containers show on their displayed ancestor). */
function rowsOf(g) {
  const rows = new Map();
  for (const c of g.containers) { const r = displayRow(c); if (r) rows.set(r.id, r); }
  return [...rows.values()];
}

/** Called by paintRows after the links: one symbol per closed operation, a highlight of each expanded one. */
export function drawCollectives(f) {
  const { W, X } = f;
  const shown = [];
  if (coll.on) {
    for (const g of coll.groups) {
      const rows = rowsOf(g);
      if (!rows.length) continue;
      const y0 = Math.min(...rows.map((r) => r.y)) - S.scrollY, y1 = Math.max(...rows.map((r) => r.y + r.h)) - S.scrollY;
      const x0 = X(g.start) - 3, x1 = Math.max(X(g.end), X(g.start) + 4) + 3;
      if (x1 < 0 || x0 > W || y1 < 0 || y0 > S.plotH) continue;
      const c = color(g), open = expanded.has(g.id);
      if (open) drawExpanded(g, c, x0, y0, y1); else drawBand(g, c, rows, x0, x1, y0, y1);
      const hit = { kind: 'collective', id: g.id, open, type: g.type, value: g.value, members: g.members,
        start: g.start, end: g.end, containers: g.containers, x0: open ? x0 - 4 : x0, x1: open ? x0 + 4 : x1, y0, y1 };
      S.hits.events.push(hit);
      shown.push(hit);
    }
  }
  model.collectives = { on: coll.on, total: coll.total, hiddenParts: grouped.size,
    groups: shown.map((h) => ({ id: h.id, value: h.value, members: h.members, start: h.start, end: h.end,
      containers: h.containers, expanded: h.open })) };
}

function drawBand(g, c, rows, x0, x1, y0, y1) {
  ctx.fillStyle = `rgba(${c[0]},${c[1]},${c[2]},0.28)`;
  ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
  ctx.strokeStyle = U.css(c);
  ctx.lineWidth = 2;
  ctx.beginPath(); // brackets [ ] over the rows spanned
  ctx.moveTo(x0 + 4, y0 + 1); ctx.lineTo(x0 + 1, y0 + 1); ctx.lineTo(x0 + 1, y1 - 1); ctx.lineTo(x0 + 4, y1 - 1);
  ctx.moveTo(x1 - 4, y0 + 1); ctx.lineTo(x1 - 1, y0 + 1); ctx.lineTo(x1 - 1, y1 - 1); ctx.lineTo(x1 - 4, y1 - 1);
  ctx.stroke();
  ctx.fillStyle = 'rgba(20,20,20,0.5)';
  for (const r of rows) { // a tick on each row taking part
    const y = r.firstLane.top + r.firstLane.h / 2 - S.scrollY;
    ctx.fillRect(x0 + 1, y - 1, Math.max(3, x1 - x0 - 2), 2);
  }
  const label = `${g.value} ×${g.members}`;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  const tw = ctx.measureText(label).width;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(x1 + 2, y0 + 1, tw + 6, 14);
  ctx.fillStyle = '#111';
  ctx.fillText(label, x1 + 5, y0 + 2);
}

/** An expanded operation: a dashed bracket (click it to close) and its parts highlighted. */
function drawExpanded(g, c, x0, y0, y1) {
  ctx.save();
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = U.css(c);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x0 + 3, y0 + 1); ctx.lineTo(x0, y0 + 1); ctx.lineTo(x0, y1 - 1); ctx.lineTo(x0 + 3, y1 - 1);
  ctx.stroke();
  ctx.setLineDash([]);
  const mine = new Set(g.rows.map((r, i) => `${g.holders[i]}:${g.type}:${r}`));
  ctx.strokeStyle = 'rgba(255,140,0,0.55)';
  ctx.lineWidth = 4;
  for (const l of S.hits.links) {
    if (!mine.has(`${l.container}:${l.type}:${l.row}`)) continue;
    ctx.beginPath(); ctx.moveTo(l.ax, l.ay); ctx.lineTo(l.bx, l.by); ctx.stroke();
  }
  for (const e of S.hits.events) {
    if (e.kind !== 'event' || !mine.has(`${e.container}:${e.type}:${e.row}`)) continue;
    ctx.beginPath(); ctx.arc((e.x0 + e.x1) / 2, e.y0 + 4, 7, 0, Math.PI * 2); ctx.stroke();
  }
  ctx.restore();
}

/** The tooltip of an operation's symbol. */
export function describeCollective(h, res) {
  const t = typeById.get(h.type);
  const names = h.containers.slice(0, 6).map((c) => esc(containerPath(c))).join(', ') + (h.containers.length > 6 ? ', …' : '');
  return `${swatch(color(h))}<b>${esc(h.value)}</b> <span class="dim">${t ? esc(t.name) : ''}: collective of ${h.members} `
    + `${t && t.kind === 'event' ? 'events' : 'links'}</span><br>${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})`
    + `<br><span class="dim">${h.containers.length} containers: ${names}</span><br><span class="dim">click to ${h.open ? 'close' : 'expand'}</span>`;
}

/** Page coordinates of an operation's symbol (for tests): the middle of its band, or of its bracket when expanded. */
model.collectivePoint = (id) => {
  const h = S.hits.events.find((e) => e.kind === 'collective' && e.id === id);
  if (!h) return null;
  const rect = plot.getBoundingClientRect(), hs = S.hitScale || 1;
  const fx = h.open ? h.x0 + 4 : (h.x0 + h.x1) / 2;
  return { x: rect.left + (fx - (S.hitShift || 0)) / hs, y: rect.top + (h.y0 + h.y1) / 2 - (S.hitShiftY || 0) };
};

export function wireCollectives() {
  $('btn-coll').onclick = () => toggleCollectives();
  showState();
}

registerHashPart({
  write: () => (coll.on ? 'coll=1' : ''),
  read: (h) => { const on = h.coll === '1'; if (on !== coll.on) { coll.on = on; lastKey = ''; if (!on) { coll.groups = []; grouped = new Set(); } } showState(); },
});
