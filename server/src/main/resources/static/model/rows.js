// The container tree's model: lanes of each container and the layout of the displayed rows (ui/tree.js shows them).

import { U, $, STATE_LANE, VAR_LANE, EVENT_LANE, EMPTY_ROW, ROW_PAD, S, typeById, contById, colors, typeColor, collapsed, unq } from './state.js';
import { isRowHidden } from './filter-state.js';
import { aggregateLanes } from './aggregate.js';

export function buildContainers() {
  for (const t of S.meta.types) {
    t.name = unq(t.name);
    t.color = unq(t.color);
    for (const v of t.values || []) { v.name = unq(v.name); v.color = unq(v.color); }
  }
  for (const c of S.meta.containers) c.name = unq(c.name);
  for (const t of S.meta.types) typeById.set(t.id, t);
  for (const c of S.meta.containers) contById.set(c.id, c);
  for (const t of S.meta.types) {
    if (t.values) colors.set(t.id, U.assignColors(t.values));
    typeColor.set(t.id, U.parseColor(t.color) || U.paletteColor(t.name));
  }
  for (const c of S.meta.containers) {
    let depth = 0;
    for (let p = contById.get(c.parent); p; p = contById.get(p.parent)) depth++;
    c.depth = depth;
    const lanes = [];
    const kinds = (c.entityTypes || []).map((id) => typeById.get(id)).filter(Boolean);
    const states = kinds.filter((t) => t.kind === 'state');
    const vars = kinds.filter((t) => t.kind === 'variable');
    const events = kinds.filter((t) => t.kind === 'event');
    c.linkTypes = kinds.filter((t) => t.kind === 'link').map((t) => t.id);
    for (const t of states) lanes.push({ type: t.id, kind: 'state', h: STATE_LANE });
    if (events.length && !states.length) lanes.push({ type: events[0].id, kind: 'event', h: EVENT_LANE });
    for (const t of vars) lanes.push({ type: t.id, kind: 'variable', h: VAR_LANE });
    c.lanes = lanes;
    c.eventTypes = events.map((t) => t.id);
  }
}

function roots() { return S.meta.containers.filter((c) => c.parent < 0 || !contById.has(c.parent)); }

const NORMAL = { state: STATE_LANE, variable: VAR_LANE, event: EVENT_LANE, empty: EMPTY_ROW, pad: ROW_PAD };
const COMPACT = { state: 8, variable: 10, event: 6, empty: 10, pad: 1 };

/** Lane and row heights for the chosen density; 'fit' scales the compact ones so that every row is on screen. */
function sizes() {
  if (S.density === 'normal') return NORMAL;
  if (S.density === 'compact') return COMPACT;
  S.rows = [];
  const total = layoutWith(COMPACT);
  const f = Math.min(1, S.plotH / Math.max(1, total));
  return Object.fromEntries(Object.entries(COMPACT).map(([k, v]) => [k, v * f]));
}

export function layoutRows() {
  const z = sizes();
  S.thinRows = S.density === 'fit' && z.state < 6; // no room for shares, nesting or labels: dominant values only
  S.rows = [];
  S.totalHeight = layoutWith(z);
  $('vspacer').style.height = `${Math.max(S.totalHeight, 1)}px`;
  if (S.scrollY > Math.max(0, S.totalHeight - S.plotH)) S.scrollY = Math.max(0, S.totalHeight - S.plotH);
}

function layoutWith(z) {
  S.rowOfContainer = new Map();
  let y = 0;
  const visit = (c, depth) => {
    if (isRowHidden(c, contById)) return; // hidden by the user, with its subtree
    const laneH = (l) => z[l.kind] || z.state;
    // fitted rows keep their states (or events) only: a variable's curve needs height to mean anything
    const lanes = S.density === 'fit' ? c.lanes.filter((l) => l.kind !== 'variable') : c.lanes;
    const aggLanes = aggregateLanes(c, z, S.density === 'fit'); // collapsed with children: what they do, aggregated
    const h = lanes.length || aggLanes.length ? lanes.reduce((a, l) => a + laneH(l), 0) + aggLanes.reduce((a, l) => a + l.h, 0) + 2 * z.pad : z.empty;
    const laneByType = new Map(), aggByType = new Map();
    let ly = y + z.pad;
    for (const l of lanes) { laneByType.set(l.type, { top: ly, h: laneH(l), kind: l.kind }); ly += laneH(l); }
    for (const l of aggLanes) { aggByType.set(l.type, { top: ly, h: l.h, kind: l.kind }); ly += l.h; }
    const first = lanes[0];
    const row = { c, id: c.id, index: S.rows.length, y, h, depth, laneByType, aggByType, firstLane: first ? { top: y + z.pad, h: laneH(first) } : { top: y, h } };
    S.rows.push(row);
    S.rowOfContainer.set(c.id, row);
    y += h;
    if (!collapsed.has(c.id)) for (const k of c.children || []) visit(contById.get(k), depth + 1);
  };
  for (const r of roots()) {
    // The root usually holds nothing but the tree: show its children at the top level.
    if (!r.lanes.length && (r.children || []).length) {
      for (const k of r.children) visit(contById.get(k), 0);
    } else visit(r, 0);
  }
  return y;
}

export function visibleRows() {
  const out = [];
  const top = S.scrollY, bottom = S.scrollY + S.plotH;
  // binary search the first row
  let lo = 0, hi = S.rows.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (S.rows[m].y + S.rows[m].h <= top) lo = m + 1; else hi = m; }
  for (let i = lo; i < S.rows.length && S.rows[i].y < bottom; i++) out.push(S.rows[i]);
  return out;
}

/** The displayed row standing for a container: itself, or its nearest displayed ancestor. */
export function displayRow(id) {
  for (let c = contById.get(id); c; c = contById.get(c.parent)) {
    const r = S.rowOfContainer.get(c.id);
    if (r) return r;
  }
  return null;
}
