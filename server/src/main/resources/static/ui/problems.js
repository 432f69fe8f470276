// The problems panel over the plot: the trace's problems grouped by kind with their counts, each problem as
// FILE:LINE: message (and its line); closable, and reopened from the toolbar's "⚠ N problems".

import { $, S, model, esc } from '../model/state.js';
import { groupProblems } from '../model/problems.js';
import { registerFeature } from '../model/registry.js';

const OPEN_GROUPS = 3; // the first kinds are open when short; the others show their count until clicked
const OPEN_SIZE = 5;

function render(list) {
  const box = $('problems'), reopen = $('btn-problems');
  if (!list || !list.length) { box.hidden = true; reopen.hidden = true; return; }
  const groups = groupProblems(list);
  const where = (p) => `${esc(p.file || '?')}:${esc(p.line ?? '?')}`;
  const one = (p) => `<li><span class="loc">${where(p)}</span>: ${esc(p.message)}`
    + (p.text ? `<pre>${esc(p.text)}</pre>` : '') + '</li>';
  const body = groups.map((g, i) => `<details class="kind"${i < OPEN_GROUPS && g.problems.length <= OPEN_SIZE ? ' open' : ''}>`
    + `<summary><span class="count">${g.problems.length} ×</span> ${esc(g.kind)}`
    + ` <span class="first">(first at ${where(g.problems[0])})</span></summary>`
    + `<ol>${g.problems.map(one).join('')}</ol></details>`).join('');
  const n = list.length, kinds = groups.length;
  box.innerHTML = '<div class="problems-head">'
    + `<h2>${n} problem${n > 1 ? 's' : ''} of ${kinds} kind${kinds > 1 ? 's' : ''} in the trace — the viewer shows what could be read</h2>`
    + '<button id="problems-close" class="close" title="Close the list (⚠ in the toolbar opens it again)">×</button></div>'
    + body;
  reopen.textContent = `⚠ ${n} problem${n > 1 ? 's' : ''}`;
  model.problems = groups.map((g) => ({ kind: g.kind, count: g.problems.length }));
  $('problems-close').onclick = () => show(false);
  reopen.onclick = () => show(box.hidden);
  show(true);
}

function show(open) {
  $('problems').hidden = !open;
  $('btn-problems').hidden = open;
  $('btn-problems').setAttribute('aria-expanded', String(open));
}

registerFeature({ name: 'problems', wire: () => render(S.meta.problems) });
