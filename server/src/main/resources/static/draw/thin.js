// States of rows too thin for rectangles and labels ("fit" rows, about a pixel each): written straight
// into the frame's pixels, one run of the dominant value at a time. A fillRect per run costs far more
// than the pixels it paints when a thousand rows each hold hundreds of runs.

import { S, valueColor, isHidden } from '../model/state.js';
import { ctx } from './surface.js';

const packed = new Map(); // "type:value" -> colour as a little-endian RGBA word
function word(type, value) {
  const k = `${type}:${value}`;
  let w = packed.get(k);
  if (w === undefined) {
    const [r, g, b] = valueColor(type, value);
    w = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    packed.set(k, w);
  }
  return w;
}

/** Forgets the packed colours (after a colour change in the legend). */
export function resetThinColors() { packed.clear(); }

// Pixels are written into a layer of their own, then drawn over the frame: reading the frame back
// (getImageData) would cost more than the writing.
const layer = document.createElement('canvas');
const lctx = layer.getContext('2d');
let img = null;

/** Paints the states of the visible thin rows; X maps a time to a frame x in css px. */
export function paintThinStates(vis, X, W, H, drawn) {
  const dpr = S.dpr, cw = Math.round(W * dpr), ch = Math.round(H * dpr);
  if (cw <= 0 || ch <= 0) return;
  if (!img || img.width !== cw || img.height !== ch) {
    img = new ImageData(cw, ch);
    layer.width = cw;
    layer.height = ch;
  }
  const px = new Uint32Array(img.data.buffer);
  px.fill(0);
  const fill = (x0, x1, y0, y1, w) => {
    x0 = Math.max(0, x0); x1 = Math.min(cw, x1);
    for (let y = Math.max(0, y0); y < Math.min(ch, y1); y++) px.fill(w, y * cw + x0, y * cw + x1);
  };
  for (const r of vis) {
    const d = S.data.byContainer.get(r.id);
    if (!d) continue;
    for (const st of d.states || []) {
      const lane = r.laneByType.get(st.type);
      if (!lane) continue;
      // a row of one lane is painted whole: padding would turn a thousand rows into stripes
      const top = r.laneByType.size === 1 ? r.y : lane.top, bottom = r.laneByType.size === 1 ? r.y + r.h : lane.top + lane.h;
      const y0 = Math.round((top - S.scrollY) * dpr);
      const y1 = Math.max(y0 + 1, Math.round((bottom - S.scrollY) * dpr));
      if (y1 <= 0 || y0 >= ch) continue;
      const runs = st.runs;
      if (runs) { // pixel ranges of the answer's grid, as columns
        const { px: rp, length: rl, value: rv } = runs;
        const words = new Map(); // value -> colour word, 0 when hidden: no string keys per run
        const start = S.data.start, pixel = S.data.pixel;
        for (let i = 0; i < rp.length; i++) {
          const v = rv[i];
          let w = words.get(v);
          if (w === undefined) words.set(v, (w = isHidden(st.type, v) ? 0 : word(st.type, v)));
          if (!w) continue;
          const t0 = start + rp[i] * pixel;
          const a = Math.floor(X(t0) * dpr), b = Math.max(a + 1, Math.round(X(t0 + rl[i] * pixel) * dpr));
          if (y1 - y0 === 1) { // one pixel row: the common case of a thousand rows
            if (a < cw && b > 0) px.fill(w, y0 * cw + Math.max(0, a), y0 * cw + Math.min(cw, b));
          } else fill(a, b, y0, y1, w);
        }
        drawn.summaries += rp.length;
      }
      // exact states over the runs, outer levels first so that inner ones show
      const items = st.items.length > 1 ? st.items.slice().sort((p, q) => p.level - q.level) : st.items;
      for (const it of items) {
        if (isHidden(st.type, it.value)) continue;
        const a = Math.floor(X(it.start) * dpr), b = Math.max(a + 1, Math.round(X(it.end) * dpr));
        fill(a, b, y0, y1, word(st.type, it.value));
        drawn.states++;
      }
    }
  }
  lctx.putImageData(img, 0, 0);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** The state under frame x in a thin row, looked up in the data rather than in recorded hits. */
export function thinHit(r, fx, y) {
  const d = S.data && S.data.byContainer.get(r.id);
  if (!d || !S.frame) return null;
  const t = S.frame.start + fx / S.frame.scale;
  for (const st of d.states || []) {
    const lane = r.laneByType.get(st.type);
    if (!lane || y < lane.top - S.scrollY || y >= lane.top + lane.h - S.scrollY) continue;
    let found = null;
    for (const it of st.items) {
      if (t >= it.start && t <= it.end && !isHidden(st.type, it.value) && (!found || it.level >= found.level)) found = it;
    }
    const fy = S.hitShiftY || 0; // hits are in the painted frame's coordinates, as the overlay draws them
    const base = { container: r.id, type: st.type, y0: lane.top - S.scrollY + fy, y1: lane.top + lane.h - S.scrollY + fy };
    if (found) {
      return { ...base, kind: 'state', row: found.row, value: found.value, level: found.level, start: found.start,
        end: found.end, x0: (found.start - S.frame.start) * S.frame.scale, x1: (found.end - S.frame.start) * S.frame.scale };
    }
    const runs = st.runs;
    if (!runs) continue;
    const p = Math.floor((t - S.data.start) / S.data.pixel);
    let lo = 0, hi = runs.px.length; // runs are in pixel order
    while (lo < hi) { const m = (lo + hi) >> 1; if (runs.px[m] + runs.length[m] <= p) lo = m + 1; else hi = m; }
    if (lo < runs.px.length && runs.px[lo] <= p) {
      const t0 = S.data.start + runs.px[lo] * S.data.pixel, t1 = t0 + runs.length[lo] * S.data.pixel;
      return { ...base, kind: 'state-summary', dominant: true, level: 0, values: [[runs.value[lo], 1]], start: t0, end: t1,
        x0: (t0 - S.frame.start) * S.frame.scale, x1: (t1 - S.frame.start) * S.frame.scale };
    }
  }
  return null;
}
