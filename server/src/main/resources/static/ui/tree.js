// The tree column beside the plot: one label per displayed row (model/rows.js lays them out), collapse toggles.

import { S, typeById, contById, collapsed, tree, containerPath } from '../model/state.js';
import { layoutRows, visibleRows, displayRow } from '../model/rows.js';
import { below } from '../model/aggregate.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';

function toggleCollapse(id) {
  if (collapsed.has(id)) collapsed.delete(id); else collapsed.add(id);
  layoutRows();
  invalidate('tree', 'paint', 'fetch');
  changed('rows');
}

export function renderTree() {
  const vis = visibleRows();
  const frag = document.createDocumentFragment();
  const related = new Set();
  if (S.hover && S.hover.kind === 'link') {
    const a = displayRow(S.hover.from), b = displayRow(S.hover.to);
    if (a) related.add(a.id);
    if (b) related.add(b.id);
  }
  for (const r of vis) {
    if (r.h < 7) continue; // too thin for a label: the tooltip names the container
    const d = document.createElement('div');
    d.className = 'row' + (collapsed.has(r.id) ? ' collapsed' : '') + (related.has(r.id) ? ' related' : '');
    d.dataset.container = r.id;
    d.setAttribute('role', 'treeitem');
    d.style.top = `${r.y - S.scrollY}px`;
    d.style.height = `${r.h}px`;
    d.style.paddingLeft = `${4 + r.depth * 14}px`;
    d.style.paddingTop = `${Math.max(0, (r.h - 16) / 2)}px`;
    if (r.h < 16) d.classList.add('thin');
    const hasKids = (r.c.children || []).length > 0;
    if (hasKids) d.setAttribute('aria-expanded', collapsed.has(r.id) ? 'false' : 'true');
    const tg = document.createElement('span');
    tg.className = 'toggle';
    tg.textContent = hasKids ? (collapsed.has(r.id) ? '▸' : '▾') : '';
    if (hasKids) {
      tg.title = collapsed.has(r.id) ? 'Expand' : 'Collapse';
      tg.addEventListener('click', (ev) => { ev.stopPropagation(); toggleCollapse(r.id); });
      d.addEventListener('dblclick', () => toggleCollapse(r.id));
    }
    const nm = document.createElement('span');
    nm.className = 'name';
    nm.textContent = r.c.name;
    const ct = typeById.get(r.c.type);
    d.title = `${containerPath(r.id)}${ct ? ` (${ct.name})` : ''}`;
    d.append(tg, nm);
    if (collapsed.has(r.id)) {
      const k = document.createElement('span');
      k.className = 'kind';
      k.textContent = `+${countDescendants(r.c)}`;
      d.append(k);
      const badge = aggregateBadge(r);
      if (badge) d.append(badge);
    }
    frag.append(d);
  }
  tree.replaceChildren(frag);
}

function countDescendants(c) {
  let n = 0;
  for (const k of c.children || []) n += 1 + countDescendants(contById.get(k));
  return n;
}

/** "Σ N" beside a collapsed row's name: the number of containers its aggregated lanes stand for. */
function aggregateBadge(r) {
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
