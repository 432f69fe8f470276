// Source click-back (issue 5): for an entity whose user fields name a file and a line, the inspector shows that
// line and its neighbours from /api/source (paje view --source DIR). Clicking a line finds the entities that line
// produced (click-forward) through the search box, as `File = main.c & Line = 43` with "dim others": the search's
// list, ‹ › and dimming then work as for any search.

import { $, model, esc } from '../model/state.js';
import { getJson } from '../data/http.js';

// user fields naming the file and the line, compared ignoring case (docs/api.md, "Source click-back")
const FILE_FIELDS = ['file', 'filename', 'source', 'sourcefile'];
const LINE_FIELDS = ['line', 'linenumber', 'lineno'];
const CONTEXT = 4;
let seq = 0;

/** The file and line an entity's fields name: {file, line, fileField, lineField}, or null. `file:line` in one field works too. */
export function sourceOf(fields) {
  const keys = Object.keys(fields || {});
  const find = (names) => names.map((n) => keys.find((k) => k.toLowerCase() === n)).find((k) => k !== undefined);
  const fileField = find(FILE_FIELDS);
  if (!fileField) return null;
  const file = String(fields[fileField]).trim();
  const lineField = find(LINE_FIELDS);
  const line = lineField ? String(fields[lineField]).trim() : '';
  if (file && /^\d{1,9}$/.test(line) && Number(line) > 0) return { file, line: Number(line), fileField, lineField };
  const m = /^(.*\S):(\d{1,9})$/.exec(file);
  if (m && Number(m[2]) > 0) return { file: m[1], line: Number(m[2]), fileField, lineField: null };
  return null;
}

/** Adds the source panel of entity `ent` (an /api/entity answer) to the inspector `box`, if it names a source line. */
export async function showSource(box, ent) {
  const src = sourceOf(ent && ent.fields);
  const mine = ++seq;
  if (!src) { model.source = null; return; }
  const panel = document.createElement('div');
  panel.className = 'source-panel';
  const caption = `<div class="source-caption">${esc(src.file)}<span class="dim">:${src.line}</span></div>`;
  panel.innerHTML = `${caption}<div class="source-note">loading…</div>`;
  box.appendChild(panel);
  model.source = { state: 'loading', file: src.file, line: src.line };
  let a;
  try {
    a = await getJson(`/api/source?file=${encodeURIComponent(src.file)}&line=${src.line}&context=${CONTEXT}`);
  } catch (e) {
    if (mine !== seq) return;
    panel.innerHTML = `${caption}<div class="source-note">${esc(e.message)}</div>`;
    model.source = { state: 'error', file: src.file, line: src.line, error: e.message };
    return;
  }
  if (mine !== seq || !panel.isConnected) return;
  render(panel, src, a);
}

function render(panel, src, a) {
  const items = a.lines.map((text, i) => {
    const n = a.start + i;
    return `<li data-line="${n}"${n === a.line ? ' class="current"' : ''} title="Show the entities of line ${n}">`
      + `<span class="num">${n}</span><code>${esc(text) || ' '}</code></li>`;
  });
  panel.innerHTML = `<div class="source-caption" title="${esc(src.file)} → ${esc(a.path)} in the source directory">`
    + `${esc(a.path)}<span class="dim">:${a.line} · ${a.total} lines</span></div><ol class="source-lines">${items.join('')}</ol>`;
  panel.querySelectorAll('li[data-line]').forEach((li) => { li.onclick = () => pick(src, Number(li.dataset.line), li); });
  model.source = { state: 'ready', file: src.file, path: a.path, line: a.line, start: a.start, lines: a.lines.length, total: a.total };
}

// a value holding & or quotes, or spaces at its ends, is written in double quotes (docs/api.md, /api/search)
const quote = (v) => (/[&'"]|^\s|\s$/.test(v) && !v.includes('"') ? `"${v}"` : v);

/** Click-forward: searches the entities of `line` of the file and dims the others. */
function pick(src, line, li) {
  const q = src.lineField ? `${src.fileField} = ${quote(src.file)} & ${src.lineField} = ${line}`
    : `${src.fileField} = ${quote(`${src.file}:${line}`)}`;
  li.parentElement.querySelectorAll('li.picked').forEach((x) => x.classList.remove('picked'));
  li.classList.add('picked');
  model.sourcePick = { file: src.file, line, q };
  $('search').value = q;
  $('search-dim').checked = true;
  $('search-form').requestSubmit();
}
