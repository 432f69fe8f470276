// Hovering: hit testing and the tooltip; the highlight is drawn by draw/overlay.js.

import { S, tree, tooltip, model } from '../model/state.js';
import { visibleRows } from '../model/rows.js';
import { thinHit } from '../draw/thin.js';
import { drawOverlay } from '../draw/overlay.js';
import { onAnnotationsDrawn } from '../draw/annotations.js';
import { describe } from './describe.js';
import { renderTree, pointAt } from './tree.js';

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

let pointer = null; // {mx, my}: where the mouse rests on the plot; null when it left, or drags

/** The entity under the mouse (mx, my in plot px; none: the mouse left the plot) and its tooltip. */
export function setHover(h, mx, my) {
  pointer = mx === undefined ? null : { mx, my };
  pointAt(pointer ? my : null);
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

// after every draw (a zoom, a pan, new data) the tooltip describes what is now under the resting mouse, or goes
onAnnotationsDrawn(() => { if (pointer) setHover(hitTest(pointer.mx, pointer.my), pointer.mx, pointer.my); });
