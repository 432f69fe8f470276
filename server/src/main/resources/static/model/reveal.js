// Bringing a container's row on screen from elsewhere (a search match, a followed link): its collapsed ancestors
// are expanded and the rows fetched anew — an expansion alone neither moves the view nor scrolls, so nothing
// else would ask for the new rows' data and they would stay blank.

import { S, contById, collapsed } from './state.js';
import { layoutRows, displayRow } from './rows.js';
import { setScroll } from './view.js';
import { invalidate } from './scheduler.js';
import { changed } from './store.js';

/** Expands the ancestors of container `id` and scrolls its row into view (a third from the top when it moves). */
export function revealRow(/** @type {number} */ id) {
  let opened = false;
  for (let c = contById.get(contById.get(id)?.parent); c; c = contById.get(c.parent)) if (collapsed.delete(c.id)) opened = true;
  if (opened) {
    layoutRows();
    invalidate('fetch');
    changed('rows');
  }
  const r = displayRow(id);
  if (r && (r.y < S.scrollY || r.y + r.h > S.scrollY + S.plotH)) setScroll(r.y - S.plotH / 3);
  invalidate('tree', 'paint');
  return opened;
}
