// Drawing of what lies inside a row's lanes: states (with nesting levels and summaries) and variables.

import { U, S, LEVEL_INSET, lineColor, snap, valueColor, valueName, isHidden, typeById } from '../model/state.js';
import { filterEffect } from '../model/filter-state.js';
import { ctx } from './surface.js';
import { stateLabel, laneLabel, unitOf, scaleNumber } from './labels.js';

/** The rectangle of a state at nesting level `level` in a lane whose top is at y = top. */
export function levelRect(lane, level, top) {
  if (lane.h < 10) return { y: top, h: lane.h }; // compact rows: no room to show nesting, inner states paint over
  const inset = Math.min(level * LEVEL_INSET, (lane.h - 6) / 2);
  return { y: top + 1 + inset, h: Math.max(4, lane.h - 2 - 2 * inset) };
}

/** The states of one row; f holds the frame's width, time-to-x, counters and summarized rectangles. */
export function drawStates(r, d, y0, rowHits, f) {
  const { W, X, drawn, summaryRects, batch } = f;
  for (const st of d.states || []) {
    const lane = r.laneByType.get(st.type);
    if (!lane) continue;
    const items = st.items || [];
    // outer levels first so that nested ones are drawn inside them
    const order = items.length > 1 ? items.slice().sort((a, b) => a.level - b.level) : items;
    for (const it of order) {
      if (isHidden(st.type, it.value)) continue;
      let x0 = X(it.start), x1 = X(it.end);
      if (x1 < 0 || x0 > W) continue;
      x0 = snap(Math.max(-2, x0)); x1 = snap(Math.min(W + 2, x1));
      const lr = levelRect(lane, it.level, lane.top + y0);
      const c = valueColor(st.type, it.value);
      const effect = filterEffect(r.id, st.type, it.row); // the search's filter: dim, hide or mark
      if (effect === 'hide') continue;
      const layer = 2 * it.level; // outer levels first so that nested ones are drawn inside them
      const w = Math.max(x1 - x0, 1 / S.dpr);
      batch.add(layer, U.css(c, effect === 'dim' ? 0.15 : 1), x0, lr.y, w, lr.h);
      if (effect === 'mark') { // a frame over everything: the match stands out
        for (const [mx, my, mw, mh] of [[x0, lr.y, w, 2], [x0, lr.y + lr.h - 2, w, 2], [x0, lr.y, 2, lr.h], [x0 + w - 2, lr.y, 2, lr.h]]) {
          batch.add(9000, '#ff8c00', mx, my, Math.max(0, mw), mh);
        }
      }
      if (x1 - x0 >= 3) batch.add(layer + 1, 'rgba(0,0,0,0.28)', x0, lr.y, 1 / S.dpr, lr.h);
      // the value, written at the state's visible start once the frame is on screen (labels.js)
      if (lr.h >= 11 && x1 - x0 >= 36) {
        stateLabel(valueName(st.type, it.value), x0, x1, lr.y + lr.h / 2 + 0.5, lr.h,
          U.luminance(c) > 0.55 ? 'rgba(0,0,0,0.8)' : 'rgba(255,255,255,0.95)');
      }
      const h = { kind: 'state', container: r.id, type: st.type, row: it.row, value: it.value, level: it.level,
        start: it.start, end: it.end, x0, x1, y0: lr.y, y1: lr.y + lr.h };
      rowHits.push(h);
      S.hits.states.push(h);
      drawn.states++;
    }
    const sum = st.summary || [];
    for (const s of sum) {
      const t0 = S.data.start + s.px * S.data.pixel, t1 = t0 + S.data.pixel;
      let x0 = X(t0), x1 = X(t1);
      if (x1 < 0 || x0 > W) continue;
      const w = Math.max(x1 - x0, 1 / S.dpr);
      const lr = levelRect(lane, s.level, lane.top + y0);
      let yy = lr.y;
      const shown = [];
      for (const [v, f] of s.values) {
        if (isHidden(st.type, v)) continue;
        const hh = f * lr.h;
        batch.add(1000 + s.level, U.css(valueColor(st.type, v)), x0, yy, w, hh); // summaries over exact states
        yy += hh;
        shown.push([v, f]);
      }
      if (!shown.length) continue;
      summaryRects.push([x0, lr.y, w, yy - lr.y]);
      const h = { kind: 'state-summary', container: r.id, type: st.type, level: s.level, values: shown,
        start: t0, end: t1, x0, x1: x0 + w, y0: lr.y, y1: lr.y + lr.h };
      rowHits.push(h);
      drawn.summaries++;
    }
  }
}

/** The variables of one row: filled step line, summaries and the lane's own scale. */
export function drawVariables(r, d, y0, rowHits, f) {
  const { W, X, drawn, summaryRects } = f;
  for (const vv of d.variables || []) {
    const lane = r.laneByType.get(vv.type);
    if (!lane || isHidden(vv.type, '*')) continue;
    const c = lineColor(vv.type);
    const m = lane.h >= 16 ? 1 : 0; // margins only where there is room
    const top = lane.top + y0 + 4 * m, bot = lane.top + y0 + lane.h - 3 * m;
    const lo = vv.min, hi = vv.max;
    const Y = (v) => (hi > lo ? bot - ((v - lo) / (hi - lo)) * (bot - top) : (top + bot) / 2);
    const items = (vv.items || []).filter((it) => X(it.end) >= 0 && X(it.start) <= W);
    // filled area, then the step line on top
    ctx.beginPath();
    let open = false, lastX = 0;
    for (const it of items) {
      const x0 = Math.max(-2, X(it.start)), x1 = Math.min(W + 2, X(it.end)), y = Y(it.value);
      if (!open) { ctx.moveTo(x0, bot); open = true; }
      ctx.lineTo(x0, y);
      ctx.lineTo(x1, y);
      lastX = x1;
    }
    if (open) {
      ctx.lineTo(lastX, bot);
      ctx.closePath();
      ctx.fillStyle = U.css(c, 0.16);
      ctx.fill();
    }
    ctx.beginPath();
    let prev = null;
    for (const it of items) {
      const x0 = Math.max(-2, X(it.start)), x1 = Math.min(W + 2, X(it.end)), y = Y(it.value);
      if (prev && Math.abs(prev.x - x0) < 0.5) ctx.lineTo(x0, y); else ctx.moveTo(x0, y);
      ctx.lineTo(x1, y);
      prev = { x: x1 };
      drawn.variables++;
      rowHits.push({ kind: 'variable', container: r.id, type: vv.type, value: it.value, start: it.start, end: it.end,
        x0, x1, y0: lane.top + y0, y1: lane.top + y0 + lane.h });
    }
    ctx.strokeStyle = U.css(c);
    ctx.lineWidth = 1.6;
    ctx.stroke();
    for (const s of vv.summary || []) {
      const t0 = S.data.start + s.px * S.data.pixel;
      const x0 = X(t0), x1 = X(t0 + S.data.pixel);
      if (x1 < 0 || x0 > W) continue;
      const w = Math.max(x1 - x0, 1 / S.dpr);
      const ya = Y(s.max), yb = Y(s.min);
      ctx.fillStyle = U.css(c, 0.55);
      ctx.fillRect(x0, ya, w, Math.max(1.5, yb - ya));
      summaryRects.push([x0, ya, w, Math.max(1.5, yb - ya)]);
      rowHits.push({ kind: 'variable-summary', container: r.id, type: vv.type, min: s.min, max: s.max, last: s.last,
        start: t0, end: t0 + S.data.pixel, x0, x1: x0 + w, y0: lane.top + y0, y1: lane.top + y0 + lane.h });
      drawn.summaries++;
    }
    // the lane's name and its own scale, with the unit its type's name gives
    const t = typeById.get(vv.type), unit = unitOf(t ? t.name : '');
    laneLabel(lane.top + y0, lane.h, t ? t.name : `#${vv.type}`, scaleNumber(lo, unit), scaleNumber(hi, unit));
  }
}
