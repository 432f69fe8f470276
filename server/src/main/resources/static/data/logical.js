// The logical-time axis' data (Poet's logical display, /api/logical): its extent, and the page's extent and
// container lifetimes switched between seconds and steps.

import { S, model } from '../model/state.js';
import { axis, setFolds } from '../model/timeaxis.js';
import { getJson } from './http.js';

let extent = null;   // /api/logical: {end, containers: {start, end}}
let real = null;
/** The trace's real extent, once the axis was switched (for the real span of a logical view). */
export const realExtent = () => real;     // the trace's extent and container lifetimes in seconds, to switch back

export const logicalExtent = async () => extent || (extent = await getJson('/api/logical'));

/** Puts the page's extent and container lifetimes in the unit of the axis; data in the other unit is dropped. */
export function useAxis(logical) {
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
  model.axis = logical ? 'logical' : 'real';
}

/** Where an entity (from /api/entity) lies on the axis switched to: [start, end]. */
export async function entitySpan(ent, toLogical) {
  const a = ent.time ?? ent.start, b = ent.time ?? ent.end;
  if (!toLogical) return [a, b];
  const at = async (c, t) => (await getJson(`/api/logical?container=${c}&times=${t}`)).positions[0];
  if (ent.kind === 'link') return [await at(ent.from, a), await at(ent.to, b)];
  const p = (await getJson(`/api/logical?container=${ent.container}&times=${a},${b}`)).positions;
  return [p[0], p[1]];
}
