// Hovering: hit testing, the tooltip text and the highlight overlay (same values, link ends, focus mark).

import { U, $, S, typeById, octx, tree, tooltip, model, span, xOf, valueColor, valueName, containerPath, esc, swatch } from './state.js';
import { visibleRows, displayRow, renderTree } from './tree.js';
import { drawArrow } from './draw.js';
import { thinHit } from './draw-thin.js';
import { timeText, durationText } from './timeaxis.js';
import { describeCollective } from './collectives.js';
import { describeAggregate } from './aggregate.js';

/** The entity under plot point (x, y); hits are recorded in the painted frame's coordinates. */
export function hitTest(px, py) {
  const x = px * (S.hitScale || 1) + (S.hitShift || 0);
  const y = py + (S.hitShiftY || 0); // frame coordinates, where the hits were recorded
  for (const e of S.hits.events) if (x >= e.x0 && x <= e.x1 && y >= e.y0 && y <= e.y1) return e;
  let best = null, bd = 4.5;
  for (const l of S.hits.links) {
    const d = segDist(x, y, l.ax, l.ay, l.bx, l.by);
    if (d < bd) { bd = d; best = l; }
  }
  if (best) return best;
  const r = rowAt(py);
  if (!r) return null;
  if (S.data && S.data.thin) return thinHit(r, x, py);
  const list = S.hits.rows.get(r.id) || [];
  let found = null;
  for (const h of list) {
    if (x >= h.x0 - 0.5 && x <= h.x1 + 0.5 && y >= h.y0 && y <= h.y1) {
      if (!found || (h.level || 0) > (found.level || 0) || (found.kind.endsWith('summary') && !h.kind.endsWith('summary'))) found = h;
    }
  }
  return found;
}

function segDist(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function rowAt(y) {
  const vy = y + S.scrollY;
  for (const r of visibleRows()) if (vy >= r.y && vy < r.y + r.h) return r;
  return null;
}

export function describe(h) {
  const t = typeById.get(h.type);
  const tn = t ? esc(t.name) : '';
  const res = span() / S.plotW;
  const path = esc(containerPath(h.container));
  switch (h.kind) {
    case 'state':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}${h.level ? `, level ${h.level}` : ''}</span><br>`
        + `${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})<br><span class="dim">${path}</span>`;
    case 'event':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
        + `at ${timeText(h.time, res)}<br><span class="dim">${path}</span>`;
    case 'link':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
        + `${esc(containerPath(h.from))} → ${esc(containerPath(h.to))}<br>`
        + `${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})`;
    case 'variable':
      return `<b>${tn}</b> = ${esc(String(h.value))}<br>${timeText(h.start, res)} → ${timeText(h.end, res)}<br><span class="dim">${path}</span>`;
    case 'variable-summary':
      return `<b>${tn}</b> (summarized)<br>min ${h.min}, max ${h.max}, last ${h.last}<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'state-summary':
      if (h.dominant) {
        const [v] = h.values[0];
        return `<b>${tn}</b> (fitted row: the value taking most of each pixel)<br>${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))}`
          + `<br><span class="dim">${U.formatTime(h.start, res)} to ${U.formatTime(h.end, res)}</span>`;
      }
      return `<b>${tn}</b> (summarized, level ${h.level})<br>`
        + h.values.map(([v, f]) => `${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))} ${(f * 100).toFixed(f < 0.01 ? 2 : 0)}%`).join('<br>')
        + `<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'event-summary':
    case 'link-summary':
      return `<b>${h.count}</b> ${tn} ${h.kind === 'event-summary' ? 'events' : 'links'} in this pixel<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'aggregate':
      return describeAggregate(h, res, timeText, durationText);
    case 'collective':
      return describeCollective(h, res);
    default:
      return '';
  }
}

export function setHover(h, mx, my) {
  const changed = h !== S.hover;
  S.hover = h;
  model.hover = h ? { kind: h.kind, container: h.container, type: h.type, row: h.row, value: h.value } : null;
  if (h) {
    tooltip.innerHTML = describe(h);
    tooltip.hidden = false;
    const tw = tooltip.offsetWidth, th = tooltip.offsetHeight;
    let tx = mx + 14, ty = my + 16;
    if (tx + tw > S.plotW - 4) tx = Math.max(4, mx - tw - 12);
    if (ty + th > S.plotH - 4) ty = Math.max(4, my - th - 12);
    tooltip.style.left = `${tx}px`;
    tooltip.style.top = `${ty}px`;
  } else {
    tooltip.hidden = true;
  }
  if (changed) {
    drawOverlay();
    if ((h && h.kind === 'link') || tree.querySelector('.related')) renderTree();
  }
}

export function drawOverlay() {
  octx.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  octx.clearRect(0, 0, S.plotW, S.plotH);
  const h = S.hover;
  if (h) {
    // hit rectangles are in frame coordinates: map them to the plot as the screen copy does
    const hs = S.hitScale || 1;
    octx.setTransform(S.dpr / hs, 0, 0, S.dpr, (-(S.hitShift || 0) * S.dpr) / hs, -(S.hitShiftY || 0) * S.dpr);
    if (h.kind === 'state') {
      octx.lineWidth = 1.5;
      octx.strokeStyle = '#111';
      // every other state with the same value
      octx.setLineDash([]);
      for (const s of S.hits.states) {
        if (s === h || s.type !== h.type || s.value !== h.value) continue;
        octx.strokeStyle = 'rgba(255,200,0,0.95)';
        octx.lineWidth = 2;
        octx.strokeRect(s.x0 + 1, s.y0 + 1, Math.max(1, s.x1 - s.x0 - 2), s.y1 - s.y0 - 2);
      }
      octx.strokeStyle = '#111';
      octx.lineWidth = 2;
      octx.strokeRect(h.x0 + 1, h.y0 + 1, Math.max(1, h.x1 - h.x0 - 2), h.y1 - h.y0 - 2);
    } else if (h.kind === 'link') {
      octx.save();
      octx.shadowColor = 'rgba(255,170,0,0.9)';
      octx.shadowBlur = 6;
      drawArrow(octx, h.ax, h.ay, h.bx, h.by, '#ff8c00', 3);
      octx.restore();
      for (const [x, y] of [[h.ax, h.ay], [h.bx, h.by]]) {
        octx.beginPath();
        octx.arc(x, y, 7, 0, Math.PI * 2);
        octx.strokeStyle = '#ff8c00';
        octx.lineWidth = 2.5;
        octx.stroke();
      }
    } else if (h.kind === 'event') {
      for (const e of S.hits.events) {
        if (e.kind !== 'event' || e.type !== h.type || e.value !== h.value) continue;
        octx.beginPath();
        octx.arc((e.x0 + e.x1) / 2, e.y0 + 4, e === h ? 8 : 6, 0, Math.PI * 2);
        octx.strokeStyle = e === h ? '#111' : 'rgba(255,200,0,0.95)';
        octx.lineWidth = 2;
        octx.stroke();
      }
    } else {
      octx.strokeStyle = '#111';
      octx.lineWidth = 1;
      octx.strokeRect(h.x0, h.y0, Math.max(1, h.x1 - h.x0), h.y1 - h.y0);
    }
  }
  octx.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  if (S.focusMark) {
    const r = displayRow(S.focusMark.container);
    if (r) {
      const x = xOf(S.focusMark.time), y = r.firstLane.top + r.firstLane.h / 2 - S.scrollY;
      octx.beginPath();
      octx.arc(x, y, 9, 0, Math.PI * 2);
      octx.strokeStyle = '#d1242f';
      octx.lineWidth = 2.5;
      octx.stroke();
      octx.beginPath();
      octx.moveTo(x, 0); octx.lineTo(x, S.plotH);
      octx.strokeStyle = 'rgba(209,36,47,0.45)';
      octx.lineWidth = 1;
      octx.setLineDash([4, 3]);
      octx.stroke();
      octx.setLineDash([]);
    }
  }
}
