// Aggregated rows (Pajé's scalability by aggregation): a collapsed container with children gets one lane per
// state and variable type found below it, drawn from the window answer's `aggregates` (draw-aggregate.js).
// The mode — shares of every value, or the number of members in one value V — is chosen by right-clicking a
// legend entry and kept in the URL (agg=T:V).

import { contById, typeById, collapsed, model, valueColor, valueName, esc, swatch } from './state.js';
import { registerHashPart } from './hash-extras.js';

/** null: stacked shares; {type, value}: the number of members in that value, as a step graph. */
export const agg = { count: null };

const typesBelow = new Map(); // container id -> [type ids] held by its strict descendants

function below(c) {
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

/** "Σ N" beside a collapsed row's name: the number of containers its aggregated lanes stand for. */
export function aggregateBadge(r) {
  if (!r.aggByType || !r.aggByType.size) return null;
  const types = new Set(below(r.c));
  let n = 0;
  const todo = [...(r.c.children || [])];
  while (todo.length) {
    const k = contById.get(todo.pop());
    if (!k) continue;
    if ((k.entityTypes || []).some((t) => types.has(t))) n++;
    todo.push(...(k.children || []));
  }
  const b = document.createElement('span');
  b.className = 'agg-badge';
  b.textContent = `Σ ${n}`;
  b.title = 'Aggregated row: what the containers below do, per pixel (right-click a legend value to count it)';
  return b;
}

let onChange = () => {};
/** What to call after the mode changes (app wiring: redraw, legend, URL). */
export function onAggregateChange(f) { onChange = f; }

export function setCountMode(type, value) {
  agg.count = type == null ? null : { type, value };
  model.aggregateMode = agg.count ? `count:${type}:${value}` : 'shares';
  onChange();
}

/** Right-click on a state value in the legend: count it in aggregated rows (again: back to shares). */
export function hookLegendEntry(el, type, value) {
  el.addEventListener('contextmenu', (ev) => {
    ev.preventDefault();
    const same = agg.count && agg.count.type === type && agg.count.value === value;
    if (same) setCountMode(null); else setCountMode(type, value);
  });
  if (agg.count && agg.count.type === type && agg.count.value === value) el.classList.add('agg-counted');
  el.title += ' · right-click: count in aggregated rows';
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

/** The tooltip of an aggregated pixel (hover.js). */
export function describeAggregate(h, res, timeText, durationText) {
  const t = typeById.get(h.type);
  const head = `<b>${esc(t ? t.name : '')}</b> of ${h.members} containers (aggregated)<br>`;
  const foot = `<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
  if (h.sum !== undefined) return `${head}sum ${fmt(h.sum)}, mean ${fmt(h.mean)}${foot}`;
  return head + `${fmt(h.alive)} alive<br>`
    + h.values.map(([v, n, f]) => `${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))} ${fmt(n)} (${(f * 100).toFixed(0)}%)`).join('<br>')
    + foot;
}

const fmt = (x) => String(Number(x.toPrecision(4)));
