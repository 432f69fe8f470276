// Drawing of aggregated lanes (model/aggregate.js): per pixel the members' shares of each state value stacked,
// or the number of members in the chosen value as a filled step graph on its own scale (0..members),
// and variables as the members' sum. A striped backdrop and a "Σ" label set them apart from single rows.

import { U, S, model, lineColor, valueColor, valueName, isHidden, typeById } from '../model/state.js';
import { agg } from '../model/aggregate.js';
import { RectBatch } from '../util/batch.js';
import { ctx } from './surface.js';
import { laneLabel, unitOf, scaleNumber } from './labels.js';

/** Paints the aggregated lanes of the visible rows into the frame; f holds width, time-to-x and counters. */
export function drawAggregates(vis, f) {
  const shown = [];
  const data = S.data && S.data.aggregates;
  for (const r of vis) {
    if (!r.aggByType || !r.aggByType.size) continue;
    const d = data && data.get(r.id);
    const rowHits = S.hits.rows.get(r.id) || [];
    S.hits.rows.set(r.id, rowHits);
    for (const [type, lane] of r.aggByType) {
      const top = lane.top - S.scrollY;
      backdrop(f.W, top, lane.h);
      const cols = d && (lane.kind === 'state' ? d.states.get(type) : d.variables.get(type));
      if (!cols) continue;
      const counting = lane.kind === 'state' && agg.count && agg.count.type === type;
      const mode = lane.kind === 'variable' ? 'sum' : counting ? 'count' : 'shares';
      const t = typeById.get(type), name = `Σ ${cols.members} · ${t ? t.name : `#${type}`}`;
      // each lane says what it adds up and on which scale (the unit its type's name gives)
      if (mode === 'shares') {
        shares(r, type, cols, top, lane.h, f, rowHits);
        laneLabel(top, lane.h, `${name} · 0–100%`, '', ''); // shares of the members; one short line: the bars fill the lane
      } else if (mode === 'count') {
        count(r, type, cols, top, lane.h, f, rowHits);
        laneLabel(top, lane.h, `${name} · members in ${valueName(type, agg.count.value)}`, '0', String(cols.members));
      } else {
        const [lo, hi] = sums(r, type, cols, top, lane.h, f, rowHits), unit = unitOf(t ? t.name : '');
        laneLabel(top, lane.h, `${name} · sum`, scaleNumber(lo, unit), scaleNumber(hi, unit));
      }
      shown.push({ container: r.id, type, kind: lane.kind, mode, members: cols.members, cells: cols.px.length,
        offset: lane.top - r.y, height: lane.h });
    }
  }
  model.aggregates = shown;
}

const pxX = (f, p) => f.X(S.data.start + p * S.data.pixel);

function backdrop(W, top, h) {
  ctx.fillStyle = '#f3f1ea';
  ctx.fillRect(0, top, W, h);
}

function shares(r, type, a, top, h, f, rowHits) {
  const batch = new RectBatch();
  let k = 0;
  for (let i = 0; i < a.px.length; i++) {
    const x0 = pxX(f, a.px[i]), x1 = pxX(f, a.px[i] + 1);
    const n = a.count[i];
    const values = [];
    let y = top + 1;
    for (let j = 0; j < n; j++, k++) {
      const v = a.value[k], share = a.permille[k] / 1000;
      values.push([v, a.number[k], share]);
      if (isHidden(type, v) || x1 < 0 || x0 > f.W) continue;
      const hh = share * (h - 2);
      batch.add(0, U.css(valueColor(type, v)), x0, y, Math.max(x1 - x0, 1 / S.dpr), hh);
      y += hh;
    }
    hit(rowHits, r, type, a, i, x0, x1, top, h, { alive: a.alive[i], values });
  }
  batch.fill(ctx);
  stripes(f.W, top, h);
}

function count(r, type, a, top, h, f, rowHits) {
  const V = agg.count.value, max = Math.max(1, a.members);
  const c = valueColor(type, V);
  const batch = new RectBatch();
  let k = 0;
  ctx.beginPath();
  let open = false;
  for (let i = 0; i < a.px.length; i++) {
    let n = 0;
    const values = [];
    for (let j = 0; j < a.count[i]; j++, k++) {
      values.push([a.value[k], a.number[k], a.permille[k] / 1000]);
      if (a.value[k] === V) n = a.number[k];
    }
    const x0 = pxX(f, a.px[i]), x1 = pxX(f, a.px[i] + 1);
    const y = top + h - 1 - (n / max) * (h - 3);
    if (n > 0) batch.add(0, U.css(c, 0.55), x0, y, Math.max(x1 - x0, 1 / S.dpr), top + h - 1 - y);
    if (!open) { ctx.moveTo(x0, y); open = true; } else ctx.lineTo(x0, y);
    ctx.lineTo(x1, y);
    hit(rowHits, r, type, a, i, x0, x1, top, h, { alive: a.alive[i], values, counted: V, number: n });
  }
  batch.fill(ctx);
  ctx.strokeStyle = U.css(c);
  ctx.lineWidth = 1.2;
  ctx.stroke();
}

function sums(r, type, a, top, h, f, rowHits) {
  let hi = 0, lo = 0;
  for (const s of a.sum) { hi = Math.max(hi, s); lo = Math.min(lo, s); }
  const Y = (v) => top + h - 2 - (hi > lo ? (v - lo) / (hi - lo) : 0) * (h - 6);
  const c = lineColor(type);
  const batch = new RectBatch();
  for (let i = 0; i < a.px.length; i++) {
    const x0 = pxX(f, a.px[i]), x1 = pxX(f, a.px[i] + 1), y = Y(a.sum[i]);
    if (!isHidden(type, '*')) batch.add(0, U.css(c, 0.8), x0, y, Math.max(x1 - x0, 1 / S.dpr), top + h - 2 - y);
    hit(rowHits, r, type, a, i, x0, x1, top, h, { sum: a.sum[i], mean: a.mean[i] });
  }
  batch.fill(ctx);
  return [lo, hi];
}

/** Faint diagonal stripes over the shares: an aggregate is never mistaken for one container's states. */
function stripes(W, top, h) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, top, W, h);
  ctx.clip();
  ctx.strokeStyle = 'rgba(255,255,255,0.22)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = -h; x < W; x += 8) { ctx.moveTo(x, top + h); ctx.lineTo(x + h, top); }
  ctx.stroke();
  ctx.restore();
}

function hit(rowHits, r, type, a, i, x0, x1, top, h, extra) {
  const t0 = S.data.start + a.px[i] * S.data.pixel;
  rowHits.push({ kind: 'aggregate', container: r.id, type, members: a.members, start: t0, end: t0 + S.data.pixel,
    x0, x1, y0: top, y1: top + h, level: -1, ...extra });
}
