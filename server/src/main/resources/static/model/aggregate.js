// Aggregated rows (Pajé's scalability by aggregation): a collapsed container with children gets one lane per
// state and variable type found below it, drawn from the window answer's `aggregates` (draw/aggregate.js).
// The mode — shares of every value, or the number of members in one value V — is chosen by right-clicking a
// legend entry and kept in the URL (agg=T:V).

import { contById, typeById, collapsed, model } from './state.js';
import { registerHashPart } from './hash-parts.js';
import { invalidate } from './scheduler.js';
import { changed } from './store.js';

/** null: stacked shares; {type, value}: the number of members in that value, as a step graph. */
export const agg = { count: null };

const typesBelow = new Map(); // container id -> [type ids] held by its strict descendants

export function below(c) {
  let out = typesBelow.get(c.id);
  if (out) return out;
  const seen = new Set();
  const todo = [...(c.children || [])];
  while (todo.length) {
    const k = contById.get(todo.pop());
    if (!k) continue;
    for (const t of k.entityTypes || []) seen.add(t);
    todo.push(...(k.children || []));
  }
  out = [...seen].map((id) => typeById.get(id)).filter((t) => t && (t.kind === 'state' || t.kind === 'variable'))
    .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'state' ? -1 : 1)).map((t) => t.id);
  typesBelow.set(c.id, out);
  return out;
}

/** The aggregated lanes of a displayed container ([] unless collapsed with children), for the layout (tree.js). */
export function aggregateLanes(c, z, fit) {
  if (!collapsed.has(c.id) || !(c.children || []).length) return [];
  const lanes = [];
  for (const id of below(c)) {
    const kind = typeById.get(id).kind;
    if (fit && kind === 'variable') continue;
    lanes.push({ type: id, kind, h: kind === 'state' ? Math.round(z.state * 1.25) : z.variable });
  }
  return lanes;
}

/** Ids of the displayed rows to ask aggregates for (fetch.js). */
export function wantedAggregates(rows) {
  return rows.filter((r) => r.aggByType && r.aggByType.size).map((r) => r.id);
}

/** container id -> {states: Map(type -> columns), variables: Map(type -> columns)}; the columns stay columns. */
export function decodeAggregates(raw) {
  const out = new Map();
  for (const a of raw.aggregates || []) {
    out.set(a.container, {
      states: new Map(a.states.map((s) => [s.type, s])),
      variables: new Map(a.variables.map((v) => [v.type, v])),
    });
  }
  return out;
}

/** Counts members in value `value` of `type` in aggregated rows; with no type, back to shares. */
export function setCountMode(/** @type {number | null} */ type, /** @type {number} */ value = 0) {
  agg.count = type == null ? null : { type, value };
  model.aggregateMode = agg.count ? `count:${type}:${value}` : 'shares';
  invalidate('paint', 'overview');
  changed('look');
}

registerHashPart({
  write: () => (agg.count ? `agg=${agg.count.type}:${agg.count.value}` : ''),
  read: (h) => {
    const m = /^(\d+):(\d+)$/.exec(h.agg || '');
    agg.count = m ? { type: Number(m[1]), value: Number(m[2]) } : null;
    model.aggregateMode = agg.count ? `count:${agg.count.type}:${agg.count.value}` : 'shares';
  },
});
model.aggregateMode = 'shares';
