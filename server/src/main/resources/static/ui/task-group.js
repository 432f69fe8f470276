// JED's task groups: the tree's context menu opens the second viewport on chosen containers only ("Show only ... in
// viewport 2"), or adds one to those it shows. The group is the second viewport's hidden rows (hiddenrows=), so it
// needs no state of its own, survives a reload and can still be edited there with the tree's own menu.

import { S, contById, esc } from '../model/state.js';
import { hashPart } from '../util/hash.js';

/** The containers displayed at the top level (a root holding nothing but the tree shows its children instead). */
function topLevel() {
  const out = [];
  for (const r of S.meta.containers.filter((c) => c.parent < 0 || !contById.has(c.parent))) {
    if (!r.lanes.length && (r.children || []).length) out.push(...r.children); else out.push(r.id);
  }
  return out;
}

/** Hidden rows after making container id displayed: each hidden ancestor on its path is shown, its other children hidden. */
export function reveal(hiddenRows, id) {
  const h = new Set(hiddenRows);
  const path = [];
  for (let c = contById.get(id); c; c = contById.get(c.parent)) path.unshift(c.id);
  const onPath = new Set(path);
  for (const p of path) {
    if (!h.has(p)) continue;
    h.delete(p);
    if (p !== id) for (const k of contById.get(p).children || []) if (!onPath.has(k)) h.add(k);
  }
  return h;
}

const hiddenOf = (hash) => (hashPart(hash, 'hiddenrows') || '').split(',').filter(Boolean).map(Number);
const encode = (set) => [...set].sort((a, b) => a - b).join(',') || null;

/** api: {isOpen(), secondHash(), open(hiddenRows or null)} from viewports.js. */
export function wireTaskGroups(api) {
  // bubbles after rows-menu.js has filled the menu for this row: the task group entries go below its own
  document.addEventListener('contextmenu', (ev) => {
    const t = /** @type {any} */ (ev.target);
    const row = t && t.closest && t.closest('#tree .row');
    const menu = document.getElementById('row-menu');
    if (!row || !menu || menu.hidden || !S.meta) return;
    const id = Number(row.dataset.container);
    const name = esc(contById.get(id).name);
    const add = (label, title, act) => {
      const b = document.createElement('button');
      b.innerHTML = label;
      b.title = title;
      b.dataset.act = act;
      b.onclick = () => {
        menu.hidden = true;
        const base = act === 'group-add' ? hiddenOf(api.secondHash()) : topLevel();
        api.open(encode(reveal(base, id)));
      };
      menu.append(b);
    };
    add(`Show only “${name}” in viewport 2`, 'A task group: open the second viewport on this container alone', 'group-only');
    if (api.isOpen()) add(`Add “${name}” to viewport 2`, 'Show this container in the second viewport too', 'group-add');
  });
}
