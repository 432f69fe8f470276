// The tree column beside the plot: one label per displayed row (model/rows.js lays them out), collapse toggles;
// rows too thin for a name (fit) get the names of the groups they form and, under the pointer, their own.

import { S, typeById, contById, collapsed, tree, containerPath, model } from '../model/state.js';
import { layoutRows, visibleRows, displayRow } from '../model/rows.js';
import { registerFeature } from '../model/registry.js';
import { below } from '../model/aggregate.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';

function toggleCollapse(id) {
  if (collapsed.has(id)) collapsed.delete(id); else collapsed.add(id);
  layoutRows();
  invalidate('tree', 'paint', 'fetch');
  changed('rows');
}

const NAMED = 7; // px: rows at least this tall have their own name in the tree
const GROUP = 14; // px: a group of thin rows at least this tall has its name written beside it
const BRACKET = 4; // px: below, a group is too thin even for a bracket

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
    if (r.h < NAMED) continue; // too thin for a label: named by its group and under the pointer
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
  const groups = groupLabels(vis);
  frag.append(...groups.map((g) => g.el));
  const under = hoverName();
  if (under) frag.append(under.el);
  tree.replaceChildren(frag);
  model.treeNames = { groups: groups.map(({ name, top, height, depth }) => ({ name, top, height, depth })),
    hover: under ? { name: under.name, top: under.top } : null };
}

/**
 * Names for rows too thin to carry their own (a mini-tree): the deepest level of the tree at which every
 * group of thin rows on screen (a container's row and its displayed descendants) is at least GROUP px tall
 * gets its containers' names, beside a bracket over their rows. When no level is that tall, the shallowest
 * level whose groups are at least BRACKET px gets its brackets, and names where they do not overlap.
 */
function groupLabels(vis) {
  if (!vis.some((r) => r.h < NAMED)) return [];
  const spans = new Map(); // row index -> bottom of the row and its displayed descendants
  const open = [];
  for (const r of S.rows) {
    while (open.length && open[open.length - 1].depth >= r.depth) spans.set(open.pop().index, r.y);
    open.push(r);
  }
  while (open.length) spans.set(open.pop().index, S.totalHeight);
  const top = S.scrollY, bottom = S.scrollY + S.plotH;
  const byDepth = new Map(); // depth -> groups of thin rows on screen
  for (const r of S.rows) {
    const end = spans.get(r.index);
    if (r.h >= NAMED || end - r.y <= r.h || end <= top || r.y >= bottom) continue;
    if (!byDepth.has(r.depth)) byDepth.set(r.depth, []);
    byDepth.get(r.depth).push({ r, end });
  }
  const tall = (least) => [...byDepth.keys()].filter((d) => byDepth.get(d).every((g) => g.end - g.r.y >= least));
  const named = tall(GROUP), bracketed = tall(BRACKET);
  if (!named.length && !bracketed.length) return [];
  const depth = named.length ? Math.max(...named) : Math.min(...bracketed);
  let free = -Infinity; // where the last name written ends: the next one goes below it or is left out
  return byDepth.get(depth).map(({ r, end }) => {
    // the name stays on screen: centred in the visible part of the group
    const y0 = Math.max(r.y, top) - S.scrollY, y1 = Math.min(end, bottom) - S.scrollY;
    const el = document.createElement('div');
    el.className = 'group-name';
    el.dataset.container = r.id;
    el.style.top = `${r.y - S.scrollY}px`;
    el.style.height = `${end - r.y}px`;
    el.style.left = `${4 + r.depth * 14}px`;
    el.title = `${containerPath(r.id)} and the rows below it`;
    const bracket = document.createElement('span');
    bracket.className = 'bracket';
    el.append(bracket);
    const at = Math.max(0, (y0 + y1) / 2 - 7); // page-free y of the name's box, 14 px tall
    const shown = at >= free;
    if (shown) {
      const nm = document.createElement('span');
      nm.className = 'name';
      nm.textContent = r.c.name;
      nm.style.top = `${at - (r.y - S.scrollY)}px`;
      el.append(nm);
      free = at + 14;
    }
    return { el, name: shown ? r.c.name : null, top: r.y - S.scrollY, height: end - r.y, depth };
  });
}

/** The name of the thin row under the pointer (in the plot or the tree), written over the tree at its height. */
function hoverName() {
  const r = pointed == null ? null : S.rowOfContainer.get(pointed);
  if (!r || r.h >= NAMED || r.y + r.h <= S.scrollY || r.y >= S.scrollY + S.plotH) return null;
  const el = document.createElement('div');
  el.className = 'hover-name';
  const top = Math.max(0, Math.min(S.plotH - 16, r.y + r.h / 2 - S.scrollY - 8));
  el.style.top = `${top}px`;
  el.style.paddingLeft = `${4 + r.depth * 14}px`;
  el.textContent = `${r.c.name}`;
  el.title = containerPath(r.id);
  return { el, name: r.c.name, top };
}

let pointed = null; // the container of the row under the pointer, or null

/** The row under plot (or tree) y, or none (null): its name shows when it is too thin for one. */
export function pointAt(/** @type {number | null} */ y) {
  let id = null;
  if (y != null) {
    const vy = y + S.scrollY;
    for (const r of visibleRows()) if (vy >= r.y && vy < r.y + r.h) { id = r.id; break; }
  }
  if (id === pointed) return;
  const thin = (k) => { const r = k == null ? null : S.rowOfContainer.get(k); return !!r && r.h < NAMED; };
  const redo = thin(id) || thin(pointed);
  pointed = id;
  if (redo) renderTree();
}

registerFeature({
  name: 'tree names',
  wire: () => {
    tree.addEventListener('mousemove', (ev) => pointAt(ev.clientY - tree.getBoundingClientRect().top));
    tree.addEventListener('mouseleave', () => pointAt(null));
  },
});

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
