// paje viewer: a canvas space-time diagram over the HTTP API of docs/api.md; this module loads the trace's shape,
// wires the features that registered themselves (model/registry.js) and starts. Layers: docs/architecture.md.

import { $, S, view, model } from '../model/state.js';
import { buildContainers } from '../model/rows.js';
import { wireFeatures } from '../model/registry.js';
import { onFrame } from '../model/scheduler.js';
import { getJson } from '../data/http.js';
import { fetchOverview, scheduleFetch } from '../data/window.js';
import { draw, drawView } from '../draw/frame.js';
import { drawRuler, drawOverview } from '../draw/ruler.js';
import { renderTree } from '../ui/tree.js';
import { applyHash, readHash } from '../ui/url.js';
import { initAxis } from '../ui/logical.js';
import { commitHistory } from '../ui/history.js';
import { wire, resize } from '../ui/input.js';
import './features.js';

// What the scheduler redoes for each part invalidated during a frame (model/scheduler.js), in its order.
onFrame('tree', renderTree);
onFrame('paint', () => draw());
onFrame('present', () => drawView()); // the time window moved: copy the painted frame when it covers the view
onFrame('ruler', () => drawRuler());
onFrame('overview', () => drawOverview());
onFrame('fetch', scheduleFetch);

/** Waits for the server to finish loading the trace, showing its progress; throws if loading failed. */
async function waitForTrace() {
  const box = $('loading');
  for (let shown = false; ; shown = true) {
    const st = await getJson('/api/status');
    if (st.state === 'ready') { box.hidden = true; return; }
    if (st.state === 'failed') { box.hidden = true; throw new Error(st.message); }
    const mb = (b) => (b / 1048576).toFixed(b < 10485760 ? 1 : 0);
    const pct = st.total > 0 ? Math.min(100, (100 * st.done) / st.total) : 0;
    $('loading-text').textContent = `Loading ${st.file || 'the trace'}: `
      + (st.total > 0 ? `${pct.toFixed(0)}% (${mb(st.done)} of ${mb(st.total)} MB)` : `${mb(st.done)} MB`)
      + `, ${st.seconds.toFixed(0)} s`;
    $('loading-bar').style.width = `${pct}%`;
    if (st.file) $('trace-name').textContent = st.file;
    box.hidden = false;
    model.loading = { done: st.done, total: st.total, polls: (model.loading?.polls || 0) + 1, shown };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  wire();
  try {
    await waitForTrace();
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
  S.traceStart = S.meta.start;
  S.traceEnd = S.meta.end > S.meta.start ? S.meta.end : S.meta.start + 1;
  view.start = S.traceStart;
  view.end = S.traceEnd;
  buildContainers();
  wireFeatures();
  await initAxis(readHash());
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
