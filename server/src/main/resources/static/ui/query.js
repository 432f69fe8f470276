// The Query panel (issue 19): SQL over the trace's tables (/api/sql, DuckDB over the Parquet export, as `paje sql`).
// Results are a table; a row that names a container and a time (container_id or container, with start/end or time)
// is a link: a click expands the path to that container's row and moves the view to that time range.

import { $, model, span, esc } from '../model/state.js';
import { setView } from '../model/view.js';
import { revealRow } from '../model/reveal.js';
import { registerFeature } from '../model/registry.js';
import { getJson } from '../data/http.js';

let seq = 0;

function wireQuery() {
  $('query-form').addEventListener('submit', (ev) => { ev.preventDefault(); runQuery($('query-sql').value); });
  $('query-sql').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); runQuery($('query-sql').value); }
  });
}

async function runQuery(/** @type {string} */ sql) {
  sql = sql.trim();
  if (!sql) return;
  const mine = ++seq;
  model.query = { state: 'loading', sql };
  $('query-note').textContent = 'Running…';
  try {
    const a = await getJson(`/api/sql?q=${encodeURIComponent(sql)}`);
    if (mine !== seq) return;
    model.query = { state: 'done', sql, columns: a.columns, rows: a.rows, jump: a.jump, truncated: a.truncated };
  } catch (e) {
    if (mine !== seq) return;
    model.query = { state: 'error', sql, error: e.message };
  }
  renderResults();
}

function renderResults() {
  const q = model.query, box = $('query-results'), note = $('query-note');
  if (!q || q.state !== 'done') {
    box.replaceChildren();
    note.textContent = q && q.state === 'error' ? q.error : '';
    note.classList.toggle('error', !!q && q.state === 'error');
    return;
  }
  note.classList.remove('error');
  const n = q.rows.length;
  const jumps = q.jump.filter(Boolean).length;
  note.textContent = `${n}${q.truncated ? '+ (first ' + n + ')' : ''} row${n === 1 ? '' : 's'}`
    + (jumps ? ' · click a row to go there' : '');
  const table = document.createElement('table');
  table.innerHTML = `<thead><tr>${q.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead>`;
  const body = document.createElement('tbody');
  q.rows.forEach((row, i) => {
    const tr = document.createElement('tr');
    tr.innerHTML = row.map((v) => `<td class="${typeof v === 'number' ? 'num' : ''}">${v == null ? '' : esc(String(v))}</td>`).join('');
    const j = q.jump[i];
    if (j) {
      tr.className = 'jump';
      tr.title = 'Show this container at this time';
      tr.onclick = () => goTo(j[0], j[1], j[2]);
    }
    body.append(tr);
  });
  table.append(body);
  box.replaceChildren(table);
}

/** Expands the path to container id, scrolls to its row, and shows [start, end] with a margin (a point: centred). */
function goTo(/** @type {number} */ id, /** @type {number} */ start, /** @type {number} */ end) {
  revealRow(id);
  const d = end - start;
  if (d > 0) setView(start - d * 0.1, end + d * 0.1, { immediate: true });
  else setView(start - span() / 2, start + span() / 2, { immediate: true });
  model.queryJump = { container: id, start, end };
}

registerFeature({ name: 'query', wire: wireQuery });
