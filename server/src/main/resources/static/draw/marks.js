// Drawing of the marks over the rows: events (triangles) and links (arrows between rows), with their summaries.

import { U, S, valueColor, isHidden } from '../model/state.js';
import { displayRow } from '../model/rows.js';
import { filterEffect } from '../model/filter-state.js';
import { isGrouped } from '../model/collectives.js';
import { ctx } from './surface.js';
import { drawArrow } from './arrow.js';

/** The events of one row: small triangles at the top of its first lane. */
export function drawEvents(r, d, y0, f) {
  const { W, X, drawn, summaryRects } = f;
  for (const ev of d.events || []) {
    const lane = r.firstLane;
    const top = lane.top + y0 + 1;
    for (const it of ev.items || []) {
      if (isHidden(ev.type, it.value) || isGrouped(r.id, ev.type, it.row)) continue;
      const x = X(it.time);
      if (x < -6 || x > W + 6) continue;
      const c = valueColor(ev.type, it.value);
      const effect = filterEffect(r.id, ev.type, it.row);
      if (effect === 'hide') continue;
      ctx.globalAlpha = effect === 'dim' ? 0.15 : 1;
      ctx.beginPath();
      ctx.moveTo(x - 5, top);
      ctx.lineTo(x + 5, top);
      ctx.lineTo(x, top + 9);
      ctx.closePath();
      ctx.fillStyle = U.css(c);
      ctx.fill();
      ctx.strokeStyle = effect === 'mark' ? '#ff8c00' : 'rgba(0,0,0,0.75)';
      ctx.lineWidth = effect === 'mark' ? 2.5 : 1;
      ctx.stroke();
      ctx.globalAlpha = 1;
      const h = { kind: 'event', container: r.id, type: ev.type, row: it.row, value: it.value, time: it.time,
        x0: x - 6, x1: x + 6, y0: top - 1, y1: top + 10 };
      S.hits.events.push(h);
      drawn.events++;
    }
    for (const s of ev.summary || []) {
      const t0 = S.data.start + s.px * S.data.pixel;
      const x0 = X(t0), x1 = X(t0 + S.data.pixel);
      if (x1 < 0 || x0 > W) continue;
      const w = Math.max(x1 - x0, 1 / S.dpr);
      const hh = Math.max(1, Math.min(lane.h - 2, 3 + 2 * Math.log2(1 + s.count)));
      ctx.fillStyle = 'rgba(40,40,40,0.65)';
      ctx.fillRect(x0, top, w, hh);
      summaryRects.push([x0, top, w, hh]);
      S.hits.events.push({ kind: 'event-summary', container: r.id, type: ev.type, count: s.count, start: t0,
        end: t0 + S.data.pixel, x0, x1: x0 + w, y0: top, y1: top + hh });
      drawn.summaries++;
    }
  }
}

/** Links of every fetched row: arrows from the source row to the destination row. */
export function drawLinks(vis, f) {
  const { W, X, drawn, summaryRects } = f;
  const visIds = new Set(vis.map((r) => r.id));
  for (const r of S.data.rows) {
    for (const lk of r.links || []) {
      for (const it of lk.items || []) {
        if (isHidden(lk.type, it.value) || isGrouped(r.container, lk.type, it.row)) continue;
        const a = displayRow(it.from), b = displayRow(it.to);
        if (!a || !b) continue;
        if (!visIds.has(a.id) && !visIds.has(b.id)) {
          // both ends off screen: draw only when the arrow crosses the screen
          const ya = a.y - S.scrollY, yb = b.y - S.scrollY;
          if ((ya < 0 && yb < 0) || (ya > S.plotH && yb > S.plotH)) continue;
        }
        const x0 = X(it.start), x1 = X(it.end);
        if ((x0 < 0 && x1 < 0) || (x0 > W && x1 > W)) continue;
        const y0 = a.firstLane.top + a.firstLane.h / 2 - S.scrollY, y1 = b.firstLane.top + b.firstLane.h / 2 - S.scrollY;
        const c = valueColor(lk.type, it.value);
        const effect = filterEffect(r.container, lk.type, it.row);
        if (effect === 'hide') continue;
        ctx.globalAlpha = effect === 'dim' ? 0.15 : 1;
        if (effect === 'mark') drawArrow(ctx, x0, y0, x1, y1, '#ff8c00', 3.5); // a halo under the arrow
        drawArrow(ctx, x0, y0, x1, y1, U.css(c), 1.3);
        ctx.globalAlpha = 1;
        S.hits.links.push({ kind: 'link', container: r.container, type: lk.type, row: it.row, value: it.value,
          start: it.start, end: it.end, from: it.from, to: it.to, ax: x0, ay: y0, bx: x1, by: y1 });
        drawn.links++;
      }
      const holder = displayRow(r.container);
      for (const s of lk.summary || []) {
        const t0 = S.data.start + s.px * S.data.pixel;
        const x0 = X(t0), x1 = X(t0 + S.data.pixel);
        if (x1 < 0 || x0 > W) continue;
        const w = Math.max(x1 - x0, 1 / S.dpr);
        const y = holder ? holder.y + holder.h - S.scrollY - 7 : 0;
        const hh = Math.min(6, 2 + Math.log2(1 + s.count));
        ctx.fillStyle = 'rgba(30,30,30,0.55)';
        ctx.fillRect(x0, y, w, hh);
        S.hits.events.push({ kind: 'link-summary', container: r.container, type: lk.type, count: s.count, start: t0,
          end: t0 + S.data.pixel, x0, x1: x0 + w, y0: y, y1: y + hh });
        drawn.summaries++;
      }
    }
  }
}
