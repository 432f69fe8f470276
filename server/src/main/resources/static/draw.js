// Drawing of the main canvas: backgrounds and grid, then each row's lanes and marks; also records the test model.

import { U, LEVEL_INSET, S, view, collapsed, hidden, custom, ctx, plot, model, span, snap, xOf } from './state.js';
import { axisTicks } from './timeaxis.js';
import { drawCuts } from './gaps.js';
import { visibleRows } from './tree.js';
import { drawStates, drawVariables } from './draw-lanes.js';
import { drawEvents, drawLinks } from './draw-marks.js';
import { drawOverlay } from './hover.js';

let firstDrawDone = false;
let hatch = null, hatchDark = null;
function makeHatch(color) {
  const c = document.createElement('canvas');
  const n = Math.max(6, Math.round(6 * S.dpr));
  c.width = c.height = n;
  const g = c.getContext('2d');
  g.strokeStyle = color;
  g.lineWidth = Math.max(1, S.dpr * 1.2);
  g.beginPath();
  g.moveTo(0, n); g.lineTo(n, 0);
  g.moveTo(-n / 2, n / 2); g.lineTo(n / 2, -n / 2);
  g.moveTo(n / 2, n * 1.5); g.lineTo(n * 1.5, n / 2);
  g.stroke();
  const p = ctx.createPattern(c, 'repeat');
  if (p && p.setTransform) p.setTransform(new DOMMatrix([1 / S.dpr, 0, 0, 1 / S.dpr, 0, 0]));
  return p;
}

export function makeHatches() {
  hatch = makeHatch('rgba(255,255,255,0.55)');
  hatchDark = makeHatch('rgba(0,0,0,0.25)');
}

export function levelRect(lane, level, top) {
  const inset = Math.min(level * LEVEL_INSET, (lane.h - 6) / 2);
  return { y: top + 1 + inset, h: Math.max(4, lane.h - 2 - 2 * inset) };
}

export function draw() {
  if (!S.meta) return;
  const W = S.plotW, H = S.plotH;
  ctx.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  const vis = visibleRows();
  const drawn = { states: 0, events: 0, links: 0, variables: 0, summaries: 0 };
  S.hits = { rows: new Map(), events: [], links: [], states: [] };
  const X = xOf;
  const summaryRects = [];

  // row backgrounds, lifetimes, grid
  const tk = axisTicks(view.start, view.end, W, 90);
  for (let i = 0; i < vis.length; i++) {
    const r = vis[i];
    const y = r.y - S.scrollY;
    ctx.fillStyle = (S.rows.indexOf(r) % 2) ? '#fafaf8' : '#ffffff';
    ctx.fillRect(0, y, W, r.h);
    // outside the container's life
    const cs = X(r.c.start), ce = X(r.c.end);
    ctx.fillStyle = '#ecebe6';
    if (cs > 0) ctx.fillRect(0, y, Math.min(W, cs), r.h);
    if (ce < W) ctx.fillRect(Math.max(0, ce), y, W - Math.max(0, ce), r.h);
    ctx.fillStyle = '#e6e6e1';
    ctx.fillRect(0, y + r.h - 1, W, 1);
  }
  ctx.fillStyle = 'rgba(0,0,0,0.05)';
  for (const k of tk.ticks) ctx.fillRect(snap(X(k.t)), 0, 1 / S.dpr, H);

  if (S.data) {
    const f = { W, X, drawn, summaryRects };
    for (const r of vis) {
      const d = S.data.byContainer.get(r.id);
      if (!d) continue;
      const y0 = -S.scrollY;
      const rowHits = [];
      S.hits.rows.set(r.id, rowHits);
      drawStates(r, d, y0, rowHits, f);
      drawVariables(r, d, y0, rowHits, f);
      drawEvents(r, d, y0, f);
    }

    // hatch over everything summarized, so that it never looks exact
    if (summaryRects.length) {
      ctx.fillStyle = hatch;
      for (const [x, y, w, h] of summaryRects) ctx.fillRect(x, y, w, h);
    }

    drawLinks(vis, f);
  }
  drawCuts(ctx, W, H);

  drawOverlay();
  // the model, for tests and tools
  const rect = plot.getBoundingClientRect();
  model.view = { start: view.start, end: view.end };
  model.rows = vis.map((r) => ({
    container: r.id, name: r.c.name, depth: r.depth, y: rect.top + r.y - S.scrollY, height: r.h,
    collapsed: collapsed.has(r.id),
    lanes: [...r.laneByType.entries()].map(([type, l]) => ({ type, kind: l.kind, y: rect.top + l.top - S.scrollY, height: l.h })),
  }));
  model.plot = { left: rect.left, top: rect.top, width: S.plotW, height: S.plotH };
  model.drawn = drawn;
  model.collapsed = [...collapsed];
  model.hidden = [...hidden];
  model.colors = Object.fromEntries([...custom].map(([k, c]) => [k, U.hex(c)]));
  model.scrollY = S.scrollY;
  model.draws++;
  if (S.data && !firstDrawDone) {
    firstDrawDone = true;
    model.ready = true;
    document.body.setAttribute('data-ready', '1');
  }
}

export function drawArrow(g, x0, y0, x1, y1, color, width) {
  const ang = Math.atan2(y1 - y0, x1 - x0);
  const head = 8;
  g.strokeStyle = color;
  g.fillStyle = color;
  g.lineWidth = width;
  g.beginPath();
  g.moveTo(x0, y0);
  g.lineTo(x1 - Math.cos(ang) * head * 0.6, y1 - Math.sin(ang) * head * 0.6);
  g.stroke();
  g.beginPath();
  g.moveTo(x1, y1);
  g.lineTo(x1 - head * Math.cos(ang - 0.38), y1 - head * Math.sin(ang - 0.38));
  g.lineTo(x1 - head * Math.cos(ang + 0.38), y1 - head * Math.sin(ang + 0.38));
  g.closePath();
  g.fill();
  g.beginPath();
  g.arc(x0, y0, 2, 0, Math.PI * 2);
  g.fill();
}
