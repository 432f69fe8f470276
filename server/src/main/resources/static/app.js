// paje viewer: a canvas space-time diagram over the HTTP API of docs/api.md; this module wires the others and starts.

import { $, S, view, model, span, esc } from './state.js';
import { applyHash } from './url.js';
import { resize } from './view.js';
import { buildContainers } from './tree.js';
import { getJson, fetchOverview } from './fetch.js';
import { commitHistory, wire } from './input.js';

function renderProblems(list) {
  const box = $('problems');
  if (!list || !list.length) { box.hidden = true; return; }
  box.hidden = false;
  const items = list.map((p) => `<li><span class="loc">${esc(p.file || '?')}:${esc(p.line ?? '?')}</span>: ${esc(p.message)}`
    + (p.text ? `<pre>${esc(p.text)}</pre>` : '') + '</li>').join('');
  box.innerHTML = `<h2>${list.length} problem${list.length > 1 ? 's' : ''} in the trace — the viewer shows what could be read</h2><ol>${items}</ol>`;
}

async function main() {
  wire();
  try {
    S.meta = await getJson('/api/meta');
  } catch (e) {
    const m = $('message');
    m.hidden = false;
    m.textContent = `Could not load the trace: ${e.message}`;
    model.error = String(e.message);
    document.body.setAttribute('data-ready', '1');
    return;
  }
  model.meta = S.meta;
  document.title = `${S.meta.name} — paje view`;
  $('trace-name').textContent = S.meta.name;
  renderProblems(S.meta.problems);
  S.traceStart = S.meta.start;
  S.traceEnd = S.meta.end > S.meta.start ? S.meta.end : S.meta.start + 1;
  view.start = S.traceStart;
  view.end = S.traceEnd;
  buildContainers();
  if (!S.meta.containers.length) {
    const m = $('message');
    m.hidden = false;
    m.textContent = 'This trace has no containers to show.';
  }
  resize();
  applyHash(true);
  commitHistory();
  fetchOverview();
}
main();
