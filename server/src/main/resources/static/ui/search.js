// Search (issue 5): a text, or FIELD OP VALUE on a user field (File = sync.c, Size > 1000), sent to /api/search.
// The hits are listed; next/previous move the view to each and select it in the inspector. "Dim the rest" dims
// the entities of the window shown that do not match (a search over that window, redone when the view moves).

import { U, $, view, contById, model, span, typeById, valueName, esc } from '../model/state.js';
import { setView } from '../model/view.js';
import { revealRow } from '../model/reveal.js';
import { dim } from '../model/filter-state.js';
import { registerFeature } from '../model/registry.js';
import { invalidate } from '../model/scheduler.js';
import { getJson } from '../data/http.js';
import { onAnnotationsDrawn } from '../draw/annotations.js';
import { inspect } from './inspector.js';
import { blurActive } from './keys.js';

const MAX_LISTED = 200;
let result = null, index = -1, seq = 0, dimKey = '', dimTimer = 0;

function wireSearch() {
  $('search-form').addEventListener('submit', (ev) => { ev.preventDefault(); blurActive(); runSearch($('search').value); });
  $('search-next').onclick = () => goHit(index + 1);
  $('search-prev').onclick = () => goHit(index - 1);
  $('search-dim').onchange = () => { dim.active = $('search-dim').checked && !!result; dimKey = ''; dim.keys = null; invalidate('paint'); };
  $('search-mode').onchange = () => { dim.mode = $('search-mode').value; model.filterMode = dim.mode; invalidate('paint'); };
  onAnnotationsDrawn(followViewForDim);
}

async function runSearch(q) {
  q = q.trim();
  const mine = ++seq;
  if (!q) { result = null; renderResults(); return; }
  model.search = { state: 'loading', q };
  try {
    const a = await getJson(`/api/search?q=${encodeURIComponent(q)}&limit=1000`);
    if (mine !== seq) return;
    result = { q, ...a };
    $('search').classList.remove('invalid');
  } catch (e) {
    if (mine !== seq) return;
    result = { q, error: e.message, matches: [], containers: [], total: 0 };
    $('search').classList.add('invalid');
  }
  index = -1;
  dim.active = $('search-dim').checked && !result.error;
  dimKey = '';
  dim.keys = null;
  renderResults();
  if (result.matches.length) goHit(0); else invalidate('paint');
}

function label(m) {
  const t = typeById.get(m.type);
  return `<b>${esc(valueName(m.type, m.value))}</b> <span class="dim">${esc(t ? t.name : '')}</span> · ${esc(contById.get(m.container).name)}`
    + ` · ${esc(U.formatTime(m.start, 1e-6))}`;
}

function renderResults() {
  const box = $('search-results');
  box.hidden = !result;
  $('search-next').disabled = $('search-prev').disabled = !result || !result.matches.length;
  publish();
  if (!result) { $('search-count').textContent = ''; return; }
  $('search-count').textContent = result.error ? 'error' : `${index + 1}/${result.total}${result.truncated ? '+' : ''}`;
  const items = [];
  if (result.error) items.push(`<li class="error">${esc(result.error)}</li>`);
  for (const id of result.containers || []) {
    items.push(`<li data-container="${id}" class="container-hit">▤ ${esc(contById.get(id).name)}</li>`);
  }
  result.matches.slice(0, MAX_LISTED).forEach((m, i) => items.push(`<li data-hit="${i}"${i === index ? ' class="current"' : ''}>${label(m)}</li>`));
  if (!items.length) items.push('<li class="none">No match</li>');
  if (result.matches.length > MAX_LISTED || result.truncated) {
    items.push(`<li class="none">${result.total} matches in all; ${Math.min(MAX_LISTED, result.matches.length)} listed</li>`);
  }
  const ol = $('search-list');
  ol.innerHTML = items.join('');
  ol.querySelectorAll('li[data-hit]').forEach((li) => { li.onclick = () => goHit(Number(li.dataset.hit)); });
  ol.querySelectorAll('li[data-container]').forEach((li) => { li.onclick = () => revealRow(Number(li.dataset.container)); });
  const cur = ol.querySelector('li.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function publish() {
  model.search = result ? { state: result.error ? 'error' : 'ready', q: result.q, total: result.total, index,
    hits: result.matches.length, containers: result.containers || [], hit: result.matches[index] || null, error: result.error || null } : null;
}

/** Moves the view to hit i (wrapping around) and selects it. */
function goHit(i) {
  if (!result || !result.matches.length) return;
  const n = Math.min(result.matches.length, MAX_LISTED);
  index = ((i % n) + n) % n;
  const m = result.matches[index];
  revealRow(m.container); // inside collapsed rows: the path to it expanded, fetched and scrolled to
  const w = span(), d = m.end - m.start;
  if (d > w * 0.8) setView(m.start - d * 0.1, m.end + d * 0.1, { immediate: true });
  else setView((m.start + m.end) / 2 - w / 2, (m.start + m.end) / 2 + w / 2, { immediate: true });
  const h = { kind: m.kind, container: m.container, type: m.type, row: m.row, value: m.value, start: m.start, end: m.end, time: m.start };
  inspect(h, m.start);
  renderResults();
}

/** With "dim the rest", the matches of the window shown (all of them, up to 10000), refetched when it moves. */
function followViewForDim() {
  if (!dim.active || !result) return;
  const key = `${result.q}|${view.start}|${view.end}`;
  if (key === dimKey) return;
  dimKey = key;
  clearTimeout(dimTimer);
  dimTimer = setTimeout(async () => {
    const q = result.q;
    try {
      const a = await getJson(`/api/search?q=${encodeURIComponent(q)}&start=${view.start}&end=${view.end}&limit=10000`);
      if (!result || result.q !== q || dimKey !== key) return;
      dim.keys = new Set(a.matches.map((m) => `${m.container}:${m.type}:${m.row}`));
      model.dimmed = { q, window: [view.start, view.end], matches: a.matches.length };
      invalidate('paint');
    } catch (e) { /* the list shows the error */ }
  }, 120);
}

registerFeature({ name: 'search', wire: wireSearch });
