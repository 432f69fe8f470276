// Hiding rows: a context menu on the tree ("Hide this container", "Show hidden containers"), and the "hide empty
// rows" toggle (containers with no entities, themselves or below). Kept in the URL hash (hiddenrows=, noempty=1).

import { $, contById, model, tree } from '../model/state.js';
import { rowFilter } from '../model/filter-state.js';
import { registerHashPart } from '../model/hash-parts.js';
import { registerFeature } from '../model/registry.js';
import { layoutRows } from '../model/rows.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';

const menu = $('row-menu');

registerHashPart({
  write: () => [rowFilter.hidden.size ? `hiddenrows=${[...rowFilter.hidden].sort((a, b) => a - b).join(',')}` : '',
    rowFilter.hideEmpty ? 'noempty=1' : ''].filter(Boolean).join('&'),
  read: (h) => {
    rowFilter.hidden = new Set((h.hiddenrows || '').split(',').filter(Boolean).map(Number).filter((id) => contById.has(id)));
    rowFilter.hideEmpty = h.noempty === '1';
    $('hide-empty').checked = rowFilter.hideEmpty;
    relayout(true);
  },
});

function relayout(fromHash) {
  layoutRows();
  invalidate('tree', 'paint', 'fetch');
  model.hiddenRows = [...rowFilter.hidden];
  model.hideEmpty = rowFilter.hideEmpty;
  $('show-hidden').hidden = !rowFilter.hidden.size;
  $('show-hidden').textContent = `show ${rowFilter.hidden.size} hidden`;
  changed('rows', { fromHash });
}

export function hideContainer(id) { rowFilter.hidden.add(id); relayout(); }
function showAll() { rowFilter.hidden.clear(); relayout(); }

function wireRowsMenu() {
  tree.addEventListener('contextmenu', (ev) => {
    const row = ev.target.closest('.row');
    if (!row) return;
    ev.preventDefault();
    const id = Number(row.dataset.container);
    menu.innerHTML = `<button data-act="hide">Hide “${contById.get(id).name.replace(/[<>&"]/g, '')}”</button>`
      + (rowFilter.hidden.size ? `<button data-act="show">Show ${rowFilter.hidden.size} hidden container(s)</button>` : '');
    menu.querySelector('[data-act="hide"]').onclick = () => { menu.hidden = true; hideContainer(id); };
    const show = menu.querySelector('[data-act="show"]');
    if (show) show.onclick = () => { menu.hidden = true; showAll(); };
    menu.style.left = `${ev.clientX}px`;
    menu.style.top = `${ev.clientY}px`;
    menu.hidden = false;
  });
  window.addEventListener('mousedown', (ev) => { if (!menu.contains(ev.target)) menu.hidden = true; });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') menu.hidden = true; });
  $('hide-empty').onchange = () => { rowFilter.hideEmpty = $('hide-empty').checked; relayout(); };
  $('show-hidden').onclick = showAll;
}

registerFeature({ name: 'rows-menu', wire: wireRowsMenu });
