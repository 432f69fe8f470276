// The logical-time axis (Poet's logical display): x is the step in a causal order (Lamport clocks,
// /api/logical), so every message arrow points right. Toggled with the toolbar or L; the selected
// entity stays selected and in view across the switch; the hash keeps it (time=logical).

import { $, S, view, model } from '../model/state.js';
import { axis } from '../model/timeaxis.js';
import { setView } from '../model/view.js';
import { registerHashPart } from '../model/hash-parts.js';
import { changed } from '../model/store.js';
import { getJson } from '../data/http.js';
import { fetchOverview } from '../data/window.js';
import { logicalExtent, useAxis as useAxisData, entitySpan, realExtent } from '../data/logical.js';
import { foldHash, readFoldHash, wireFolding } from './folding.js';

let switching = false;

/** Switches the axis' data, and the toolbar with it. */
function useAxis(logical) {
  useAxisData(logical);
  $('btn-logical').classList.toggle('on', logical);
  $('btn-fold').disabled = logical;
}

export async function toggleLogical() {
  if (switching) return;
  switching = true;
  try {
    const toLogical = !axis.logical;
    await logicalExtent();
    let [s, e] = toLogical
      ? (await getJson(`/api/logical?times=${view.start},${view.end}`)).positions
      : (await getJson(`/api/logical?positions=${view.start},${view.end}`)).times;
    const sel = S.selection && S.selection.entity ? S.selection : null;
    const spot = sel ? await entitySpan(sel.entity, toLogical) : null;
    const mark = S.focusMark && toLogical
      ? (await getJson(`/api/logical?container=${S.focusMark.container}&times=${S.focusMark.time}`)).positions[0] : null;
    const real = realExtent();
    const realSpan = (real ? real.end - real.start : S.traceEnd - S.traceStart);
    useAxis(toLogical);
    let w = Math.max(e - s, toLogical ? 10 : realSpan / 1000);
    if (spot) {
      // centre the selected entity, widened to hold it; its hit takes the new unit (zoom to, follow link)
      w = Math.max(w, (spot[1] - spot[0]) * 1.5);
      s = (spot[0] + spot[1]) / 2 - w / 2;
      const h = sel.obj;
      if (h.time !== undefined) h.time = spot[0]; else { h.start = spot[0]; h.end = spot[1]; }
    }
    if (S.focusMark) {
      S.focusMark.time = toLogical ? mark : null;
      if (S.focusMark.time == null) S.focusMark = null;
      model.focus = S.focusMark;
    }
    view.start = NaN; // the numbers may match the old unit's: redraw and refetch all the same
    setView(s, s + w, { immediate: true });
    fetchOverview();
    changed('axis');
  } finally {
    switching = false;
  }
}

/** At load, before the view is read from the hash: the axis and folding it asks for; wires the toolbar. */
export async function initAxis(hash) {
  $('btn-logical').onclick = () => toggleLogical();
  wireFolding();
  readFoldHash(hash);
  model.axis = 'real';
  // for tests: the link arrows drawn, with their ends in page pixels
  model.arrows = () => S.hits.links.map((l) => ({ from: l.from, to: l.to, row: l.row, x0: l.ax, x1: l.bx, y0: l.ay, y1: l.by, start: l.start, end: l.end }));
  if (hash.time === 'logical') {
    await logicalExtent();
    useAxis(true);
  }
}

// read at load by initAxis, before the view: nothing to do when the rest of the hash is applied
registerHashPart({ write: () => [...(axis.logical ? ['time=logical'] : []), ...foldHash()].join('&'), read: () => {} }, { last: true });
