// The overlay over the plot: the highlight of what is hovered (same values, link ends) and the focus mark.

import { S, xOf } from '../model/state.js';
import { displayRow } from '../model/rows.js';
import { octx } from './surface.js';
import { drawArrow } from './arrow.js';

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
