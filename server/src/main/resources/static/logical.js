// The logical-time axis (Poet's logical display): x is the step in a causal order (Lamport clocks,
// /api/logical), so every message arrow points right. Toggled with the toolbar or L; the selected
// entity stays selected and in view across the switch; the hash keeps it (time=logical).

import { $, S, view, model } from './state.js';
import { axis, setFolds } from './timeaxis.js';
import { getJson, fetchOverview } from './fetch.js';
import { setView } from './view.js';
import { writeHash } from './url.js';
import { foldHash, readFoldHash, wireFolding } from './gaps.js';

let extent = null;   // /api/logical: {end, containers: {start, end}}
let real = null;     // the trace's extent and container lifetimes in seconds, to switch back
let switching = false;

const logicalExtent = async () => extent || (extent = await getJson('/api/logical'));

/** Puts the page's extent and container lifetimes in the unit of the axis; data in the other unit is dropped. */
function useAxis(logical) {
  if (!real) real = { start: S.traceStart, end: S.traceEnd, life: S.meta.containers.map((c) => [c.start, c.end]) };
  axis.logical = logical;
  S.traceStart = logical ? 0 : real.start;
  S.traceEnd = logical ? extent.end : real.end;
  S.meta.containers.forEach((c, i) => {
    c.start = logical ? extent.containers.start[c.id] : real.life[i][0];
    c.end = logical ? extent.containers.end[c.id] : real.life[i][1];
  });
  S.data = null;
  S.overviewData = null;
  if (logical) setFolds([]);
  $('btn-logical').classList.toggle('on', logical);
  $('btn-fold').disabled = logical;
  model.axis = logical ? 'logical' : 'real';
}

/** Where an entity (from /api/entity) lies on the axis switched to: [start, end]. */
async function entitySpan(ent, toLogical) {
  const a = ent.time ?? ent.start, b = ent.time ?? ent.end;
  if (!toLogical) return [a, b];
  const at = async (c, t) => (await getJson(`/api/logical?container=${c}&times=${t}`)).positions[0];
  if (ent.kind === 'link') return [await at(ent.from, a), await at(ent.to, b)];
  const p = (await getJson(`/api/logical?container=${ent.container}&times=${a},${b}`)).positions;
  return [p[0], p[1]];
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
    writeHash();
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

export const axisHash = () => [...(axis.logical ? ['time=logical'] : []), ...foldHash()];
