// The statistics panel of the selected time slice (/api/stats): per state type a pie per container (few) or a
// stacked bar per container (many), then event counts, link counts and variable figures; "Export CSV".

import { U, $, S, typeById, contById, model, valueName, esc } from '../model/state.js';
import { slice } from '../model/annot-state.js';
import { visibleRows } from '../model/rows.js';
import { registerFeature } from '../model/registry.js';
import { getJson } from '../data/http.js';
import { onAnnotationsDrawn } from '../draw/annotations.js';
import { slicesOf, pieSvg, barHtml, legendHtml, tableHtml, pct } from './stats-charts.js';
import { statsCsv, download } from './stats-csv.js';

const MAX_PIES = 8;
const box = $('stats');
let seq = 0, visibleKey = '', refetchTimer = 0, answer = null;

const visibleIds = () => visibleRows().map((r) => r.id);
const num = (v) => (v == null ? '–' : String(Number(v.toPrecision(6))));
const nameOf = (s) => esc(contById.has(s.container) ? contById.get(s.container).name : s.path);

function wireStats() {
  const group = $('stats-group');
  for (const t of S.meta.types.filter((x) => x.kind === 'container')) group.add(new Option(`each ${t.name}`, String(t.id)));
  $('stats-scope').onchange = () => showStats();
  group.onchange = () => showStats();
  $('stats-csv').onclick = () => {
    if (answer) download(`paje-stats-${answer.start}-${answer.end}.csv`, statsCsv(answer));
  };
  // the visible rows changed (scroll, collapse): follow them when the panel shows the visible ones
  onAnnotationsDrawn(() => {
    if (box.hidden || $('stats-scope').value !== 'visible') return;
    const key = visibleIds().join(',');
    if (key === visibleKey) return;
    clearTimeout(refetchTimer);
    refetchTimer = setTimeout(showStats, 250);
  });
}

registerFeature({ name: 'stats', wire: wireStats });

export function hideStats() {
  box.hidden = true;
  answer = null;
  model.stats = null;
  seq++;
}

/** Fetches and shows the statistics of the current slice. */
export async function showStats() {
  if (!slice.active || !S.meta) return;
  const mine = ++seq;
  const scope = $('stats-scope').value, groupBy = $('stats-group').value;
  visibleKey = visibleIds().join(',');
  let url = `/api/stats?start=${slice.start}&end=${slice.end}`;
  if (scope === 'visible') url += `&containers=${visibleKey}`;
  if (groupBy) url += `&groupBy=${groupBy}`;
  box.hidden = false;
  model.stats = { state: 'loading', start: slice.start, end: slice.end };
  $('stats-range').textContent = `${U.formatTime(slice.start, (slice.end - slice.start) / 1e4)} → `
    + `${U.formatTime(slice.end, (slice.end - slice.start) / 1e4)} (${U.formatDuration(slice.end - slice.start)})`;
  try {
    const a = await getJson(url);
    if (mine !== seq) return;
    answer = a;
    render(a);
    model.stats = { state: 'ready', start: a.start, end: a.end, scope, groupBy: a.groupBy, answer: a };
  } catch (e) {
    if (mine !== seq) return;
    $('stats-body').innerHTML = `<div class="error">${esc(e.message)}</div>`;
    model.stats = { state: 'error', start: slice.start, end: slice.end, error: e.message };
  }
}

function render(a) {
  const subjects = a.subjects.filter((s) => s.states.length || s.events.length || s.links.length || s.variables.length);
  const cards = [];
  const stateTypes = [...new Set(subjects.flatMap((s) => s.states.map((st) => st.type)))].sort((x, y) => x - y);
  for (const type of stateTypes) cards.push(stateCard(type, subjects));
  const events = subjects.flatMap((s) => s.events.flatMap((e) => e.values.map((v) => [nameOf(s), esc(typeById.get(e.type).name),
    esc(valueName(e.type, v.value)), String(v.count)])));
  if (events.length) cards.push(card('Events', 'in the slice, by value', tableHtml('events', ['Container', 'Type', 'Value', 'Count'], events)));
  const links = subjects.flatMap((s) => s.links.flatMap((l) => l.values.map((v) => [nameOf(s), esc(typeById.get(l.type).name),
    esc(valueName(l.type, v.value)), String(v.held), String(v.sent), String(v.received)])));
  if (links.length) {
    cards.push(card('Links', 'intersecting the slice', tableHtml('links', ['Container', 'Type', 'Value', 'Held', 'Sent', 'Received'], links)));
  }
  const vars = subjects.flatMap((s) => s.variables.map((v) => [nameOf(s), esc(typeById.get(v.type).name), num(v.min), num(v.mean),
    num(v.max), num(v.integral)]));
  if (vars.length) cards.push(card('Variables', 'over the slice', tableHtml('variables', ['Container', 'Type', 'Min', 'Mean', 'Max', 'Integral'], vars)));
  const scope = a.groupBy != null ? `${subjects.length} group${subjects.length === 1 ? '' : 's'}`
    : `${subjects.length} container${subjects.length === 1 ? '' : 's'}`;
  $('stats-count').textContent = scope;
  $('stats-body').innerHTML = cards.join('') || '<div class="empty">Nothing happens in these containers during the slice.</div>';
}

function card(title, note, html, cls = '') {
  return `<div class="stats-card ${cls}"><h3>${esc(title)} <span>${esc(note)}</span></h3>${html}</div>`;
}

function stateCard(type, subjects) {
  const rows = subjects.map((s) => ({ s, st: s.states.find((x) => x.type === type) })).filter((r) => r.st);
  const seen = new Map();
  const charts = rows.map(({ s, st }) => {
    const slices = slicesOf(type, st);
    for (const x of slices) if (!seen.has(x.value)) seen.set(x.value, x);
    return { s, slices };
  });
  // the type's value order, 'no state' last: stable when the slice moves
  const legend = legendHtml([...seen.values()].sort((x, y) => Number(x.value < 0) - Number(y.value < 0) || x.value - y.value));
  const t = typeById.get(type);
  const note = 'share of time; nested states count while on top';
  if (charts.length <= MAX_PIES) {
    const pies = charts.map(({ s, slices }) => `<figure class="pie" data-container="${s.container}" data-type="${type}">`
      + `${pieSvg(slices, 46)}<figcaption title="${esc(s.path)}">${nameOf(s)}</figcaption></figure>`).join('');
    return card(t.name, note, `${legend}<div class="pies">${pies}</div>`, 'states');
  }
  const bars = charts.map(({ s, slices }) => `<div class="bar-row" data-container="${s.container}" data-type="${type}">`
    + `<span class="bar-name" title="${esc(s.path)}">${nameOf(s)}</span>${barHtml(slices)}</div>`).join('');
  return card(t.name, note, `${legend}<div class="bars">${bars}</div>`, 'states wide');
}

