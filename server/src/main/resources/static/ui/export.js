// "Export picture": the current view (time window, rows shown, hidden values, legend colours) drawn by the server's
// renderer (/api/render, the same as `paje render`) as SVG or PNG, and downloaded.

import { U, $, S, view, hidden, custom, contById, model, tree, plot } from '../model/state.js';
import { axis } from '../model/timeaxis.js';
import { registerFeature } from '../model/registry.js';
import { getJson } from '../data/http.js';
import { saveFile } from './save-file.js';

const MIN_WIDTH = 200, MAX_WIDTH = 10000;

/** The width on screen of the names column and the plot: the picture's default width. */
export const screenWidth = () => Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round(tree.clientWidth + plot.clientWidth)));

/** The rows shown, as container ids; null when they are all the containers (the renderer's default). */
function shownRows() {
  const skipped = S.meta.containers.filter((c) => (c.parent < 0 || !contById.has(c.parent)) && !c.lanes.length
    && (c.children || []).length).length; // a bare root: the page starts below it, as the renderer
  return S.rows.length === S.meta.containers.length - skipped ? null : S.rows.map((r) => r.id);
}

/** The window in seconds: on the logical axis, the real times its ends stand for. */
async function realWindow() {
  if (!axis.logical) return [view.start, view.end];
  const t = (await getJson(`/api/logical?positions=${view.start},${view.end}`)).times;
  return t[1] > t[0] ? t : [S.meta.start, S.meta.end];
}

/** The /api/render address of the current view. */
export async function renderUrl(format, width) {
  const [s, e] = await realWindow();
  const q = [`start=${s}`, `end=${e}`, `width=${width}`, `format=${format}`];
  const rows = shownRows();
  if (rows) q.push(`containers=${rows.join(',')}`);
  if (hidden.size) q.push(`hidden=${[...hidden].sort().join(',')}`);
  if (custom.size) q.push(`colors=${[...custom].map(([k, c]) => `${k}:${U.hex(c).slice(1)}`).sort().join(',')}`);
  return `/api/render?${q.join('&')}`;
}

function note(text, error) {
  const n = $('export-note');
  n.textContent = text;
  n.classList.toggle('error', !!error);
}

/** Asks the server for the picture, then saves it under the name the server gives (TRACE-START-END.svg). */
async function exportPicture() {
  const format = $('export-format').value;
  const typed = $('export-width').value.trim();
  const width = typed ? Math.round(Number(typed)) : screenWidth();
  if (!(width >= MIN_WIDTH && width <= MAX_WIDTH)) { note(`The width must be between ${MIN_WIDTH} and ${MAX_WIDTH} pixels.`, true); return; }
  const go = $('export-go');
  go.disabled = true;
  note('Drawing…');
  model.export = { state: 'drawing', url: null, file: null, error: null };
  try {
    const url = await renderUrl(format, width);
    model.export.url = url;
    const r = await fetch(url);
    if (!r.ok) {
      let msg = `HTTP ${r.status}`;
      try { msg = (await r.json()).error || msg; } catch (e) { /* not JSON */ }
      throw new Error(msg);
    }
    const m = /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') || '');
    const file = m ? m[1] : `picture.${format}`;
    saveFile(file, await r.blob());
    note(`${file}: ${width} px wide, ${S.rows.length} row${S.rows.length === 1 ? '' : 's'}`
      + (axis.logical ? ' (in real time)' : ''));
    Object.assign(model.export, { state: 'done', file });
  } catch (e) {
    note(`Could not export the picture: ${e.message}`, true);
    Object.assign(model.export, { state: 'failed', error: String(e.message) });
  } finally {
    go.disabled = false;
  }
}

function wireExport() {
  $('export-width').placeholder = `${screenWidth()} px`;
  new ResizeObserver(() => { $('export-width').placeholder = `${screenWidth()} px`; }).observe(plot);
  $('export-go').addEventListener('click', exportPicture);
  model.export = { state: 'idle', url: null, file: null, error: null };
}

registerFeature({ name: 'export', wire: wireExport });
