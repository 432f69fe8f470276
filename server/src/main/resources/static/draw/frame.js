// Drawing of the main canvas: backgrounds and grid, then each row's lanes and marks; also records the test model.
// Other modules do not call draw(): they invalidate 'paint' (model/scheduler.js), and the next frame paints once.

import { U, S, view, collapsed, hidden, custom, canvas, plot, model, span, snap, xOf, fold } from '../model/state.js';
import { axis, axisTicks } from '../model/timeaxis.js';
import { visibleRows } from '../model/rows.js';
import { RectBatch } from '../util/batch.js';
import { ctx, screen, drawOn } from './surface.js';
import { drawCuts } from './cuts.js';
import { drawStates, drawVariables } from './lanes.js';
import { drawEvents, drawLinks } from './marks.js';
import { drawCollectives } from './collectives.js';
import { drawOverlay } from './overlay.js';
import { drawAnnotations } from './annotations.js';
import { paintThinStates } from './thin.js';
import { drawAggregates } from './aggregate.js';
import { clearLabels, drawLabels } from './labels.js';

let firstDrawDone = false;
let lastFrame = null;
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

// The rows are painted into a frame bitmap covering the fetched window (up to half a view beyond each
// side), then copied to the screen: panning and zooming only copy (scaled) pixels until the next paint,
// so a frame costs the same with 10 rows or 1,000.
const frame = document.createElement('canvas');
const fctx = frame.getContext('2d');
S.frame = null; // { start, end, scale (css px per second), W (css px) } of the painted bitmap

/** Paints everything and shows it: after new data, scrolling, hiding, colours, resizing. */
export function draw() {
  if (!S.meta) return;
  const t0 = performance.now();
  paint();
  const tm = model.timing, t1 = performance.now();
  tm.paint = Math.max(tm.paint || 0, t1 - t0);
  present();
  const t2 = performance.now();
  tm.present = Math.max(tm.present || 0, t2 - t1);
  finish();
  tm.finish = Math.max(tm.finish || 0, performance.now() - t2);
  model.timing.draw = Math.max(model.timing.draw || 0, performance.now() - t0);
}

/** After a change of the time window only: copies the painted frame when it covers the view closely enough. */
export function drawView() {
  if (!S.meta) return;
  const fr = S.frame;
  const ratio = fr ? (S.plotW / span()) / fr.scale : 0;
  if (!fr || fr.folded || fold.x || fr.rowsKey !== rowsKey() || view.start < fr.start || view.end > fr.end || ratio < 0.5 || ratio > 2
      || S.scrollY < fr.top || S.scrollY + S.plotH > fr.bottom) {
    draw();
    return;
  }
  present();
  finish();
}

function rowsKey() { return `${S.plotW}|${S.plotH}|${S.rows.length}|${S.totalHeight}|${S.dpr}|${axis.logical}`; }

function present() {
  const fr = S.frame;
  screen.setTransform(1, 0, 0, 1, 0, 0);
  screen.clearRect(0, 0, canvas.width, canvas.height);
  const sx = (view.start - fr.start) * fr.scale * S.dpr, sw = span() * fr.scale * S.dpr;
  const sy = (S.scrollY - fr.top) * S.dpr;
  screen.imageSmoothingEnabled = false;
  screen.drawImage(frame, sx, sy, sw, canvas.height, 0, 0, canvas.width, canvas.height);
  S.hitShift = (view.start - fr.start) * fr.scale; // frame x = plot x + shift (exact while only panning)
  S.hitShiftY = S.scrollY - fr.top; // frame y = plot y + shift
  S.hitScale = fr.scale / (S.plotW / span());
  drawLabels(screen); // on the screen, where the visible start of each state is known
}

function paint() {
  const w = span();
  const folded = !!fold.x;
  const start = folded ? view.start : Math.max(S.traceStart, view.start - w / 2);
  const end = folded ? view.end : Math.min(S.traceEnd, view.end + w / 2);
  const scale = S.plotW / w;
  // a quarter of the plot's height of rows above and below too: a drag that drifts a little
  // vertically, or a short scroll, still only copies pixels
  const margin = Math.round(S.plotH / 4);
  const top = Math.max(0, S.scrollY - margin);
  const bottom = Math.min(Math.max(S.totalHeight, S.scrollY + S.plotH), S.scrollY + S.plotH + margin);
  const W = Math.max(1, Math.ceil((end - start) * scale)), H = bottom - top;
  const pw = Math.round(W * S.dpr), ph = Math.round(H * S.dpr);
  if (frame.width !== pw || frame.height !== ph) { frame.width = pw; frame.height = ph; }
  S.frame = { start, end, scale, W, top, bottom, rowsKey: rowsKey(), folded };
  const scrollY = S.scrollY, plotH = S.plotH;
  S.scrollY = top; // the drawing code draws the rows from scrollY down plotH pixels
  S.plotH = H;
  drawOn(fctx);
  try {
    paintRows(start, scale, W, H, folded);
  } finally {
    drawOn(screen);
    S.scrollY = scrollY;
    S.plotH = plotH;
  }
}

function paintRows(frameStart, scale, W, H, folded) {
  ctx.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  const vis = visibleRows();
  const drawn = { states: 0, events: 0, links: 0, variables: 0, summaries: 0 };
  S.hits = { rows: new Map(), events: [], links: [], states: [] };
  clearLabels();
  // folded gaps make the axis piecewise: the frame is then exactly the view, drawn through xOf
  const X = folded ? xOf : (t) => (t - frameStart) * scale;
  const summaryRects = [];

  // row backgrounds, lifetimes, grid
  const tk = axisTicks(frameStart, frameStart + W / scale, W, 90);
  for (let i = 0; i < vis.length; i++) {
    const r = vis[i];
    const y = r.y - S.scrollY;
    ctx.fillStyle = r.index % 2 ? '#fafaf8' : '#ffffff';
    ctx.fillRect(0, y, W, r.h);
    // outside the container's life
    const cs = X(r.c.start), ce = X(r.c.end);
    ctx.fillStyle = '#ecebe6';
    if (cs > 0) ctx.fillRect(0, y, Math.min(W, cs), r.h);
    if (ce < W) ctx.fillRect(Math.max(0, ce), y, W - Math.max(0, ce), r.h);
    if (r.h >= 6) { // a separator, where rows are tall enough to need one
      ctx.fillStyle = '#e6e6e1';
      ctx.fillRect(0, y + r.h - 1, W, 1);
    }
  }
  ctx.fillStyle = 'rgba(0,0,0,0.05)';
  for (const k of tk.ticks) ctx.fillRect(snap(X(k.t)), 0, 1 / S.dpr, H);

  if (S.data) {
    const f = { W, X, drawn, summaryRects, batch: new RectBatch() };
    const thin = S.thinRows && S.data.thin;
    const t0 = performance.now();
    if (thin) paintThinStates(vis, X, W, H, drawn);
    const t1 = performance.now();
    for (const r of vis) {
      const d = S.data.byContainer.get(r.id);
      if (!d) continue;
      const y0 = -S.scrollY;
      const rowHits = [];
      S.hits.rows.set(r.id, rowHits);
      if (!thin) drawStates(r, d, y0, rowHits, f);
      drawVariables(r, d, y0, rowHits, f);
    }
    f.batch.fill(ctx);
    drawAggregates(vis, f);
    for (const r of vis) { // events over the states
      const d = S.data.byContainer.get(r.id);
      if (d) drawEvents(r, d, -S.scrollY, f);
    }

    // hatch over everything summarized, so that it never looks exact
    if (summaryRects.length) {
      ctx.fillStyle = hatch;
      for (const [x, y, w, h] of summaryRects) ctx.fillRect(x, y, w, h);
    }

    const t2 = performance.now();
    drawLinks(vis, f);
    drawCollectives(f);
    const t3 = performance.now();
    const tm = model.timing;
    tm.thin = Math.max(tm.thin || 0, t1 - t0);
    tm.rows = Math.max(tm.rows || 0, t2 - t1);
    tm.links = Math.max(tm.links || 0, t3 - t2);
  }
  drawCuts(ctx, W, H);

  model.drawn = drawn;
}

/** The overlay and the model, after every draw. */
function finish() {
  const vis = visibleRows();
  const t0 = performance.now();
  drawOverlay();
  const t1 = performance.now();
  drawAnnotations();
  const t2 = performance.now();
  model.timing.overlay = Math.max(model.timing.overlay || 0, t1 - t0);
  model.timing.annotations = Math.max(model.timing.annotations || 0, t2 - t1);
  // the model, for tests and tools
  const rect = plot.getBoundingClientRect();
  model.view = { start: view.start, end: view.end };
  model.rows = vis.map((r) => ({
    container: r.id, name: r.c.name, depth: r.depth, y: rect.top + r.y - S.scrollY, height: r.h,
    collapsed: collapsed.has(r.id),
    lanes: [...r.laneByType.entries()].map(([type, l]) => ({ type, kind: l.kind, y: rect.top + l.top - S.scrollY, height: l.h })),
  }));
  model.plot = { left: rect.left, top: rect.top, width: S.plotW, height: S.plotH };
  model.frame = { start: S.frame.start, end: S.frame.end, scale: S.frame.scale };
  model.paints = (model.paints || 0) + (S.frame === lastFrame ? 0 : 1);
  lastFrame = S.frame;
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
