// Collective operations drawn as one symbol each (model/collectives.js): a band bracketing the rows of its
// containers, or, expanded, a dashed bracket and its parts highlighted.

import { U, S, plot, model } from '../model/state.js';
import { displayRow } from '../model/rows.js';
import { coll, expanded, groupedCount, collectiveColor } from '../model/collectives.js';
import { ctx } from './surface.js';

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
      const c = collectiveColor(g), open = expanded.has(g.id);
      if (open) drawExpanded(g, c, x0, y0, y1); else drawBand(g, c, rows, x0, x1, y0, y1);
      const hit = { kind: 'collective', id: g.id, open, type: g.type, value: g.value, members: g.members,
        start: g.start, end: g.end, containers: g.containers, x0: open ? x0 - 4 : x0, x1: open ? x0 + 4 : x1, y0, y1 };
      S.hits.events.push(hit);
      shown.push(hit);
    }
  }
  model.collectives = { on: coll.on, total: coll.total, hiddenParts: groupedCount(),
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

/** Page coordinates of an operation's symbol (for tests): the middle of its band, or of its bracket when expanded. */
model.collectivePoint = (id) => {
  const h = S.hits.events.find((e) => e.kind === 'collective' && e.id === id);
  if (!h) return null;
  const rect = plot.getBoundingClientRect(), hs = S.hitScale || 1;
  const fx = h.open ? h.x0 + 4 : (h.x0 + h.x1) / 2;
  return { x: rect.left + (fx - (S.hitShift || 0)) / hs, y: rect.top + (h.y0 + h.y1) / 2 - (S.hitShiftY || 0) };
};
