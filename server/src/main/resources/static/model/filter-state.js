// Filters of what is drawn: entities dimmed when they do not match the search (see search.js), containers hidden
// from the tree (by hand, or all the empty ones).

/**
 * active: the search filters what is drawn; mode: 'dim' (fade what does not match), 'hide' (draw only the
 * matches) or 'highlight' (outline the matches); keys: "container:type:row" of the matches in the window
 * shown, or null while unknown.
 */
export const dim = { active: false, mode: 'dim', keys: null };

/** What the filter does to one entity: 'normal', 'dim', 'hide' or 'mark'. */
export function filterEffect(container, type, row) {
  if (!dim.active || dim.keys === null) return 'normal';
  const match = dim.keys.has(`${container}:${type}:${row}`);
  if (dim.mode === 'highlight') return match ? 'mark' : 'normal';
  return match ? 'normal' : dim.mode === 'hide' ? 'hide' : 'dim';
}
export const isDimmed = (container, type, row) => filterEffect(container, type, row) === 'dim';

export const rowFilter = { hidden: new Set(), hideEmpty: false };
const emptyCache = new Map();

/** A container with no entities, itself or below it: nothing to draw. */
export function isEmpty(c, byId) {
  if (emptyCache.has(c.id)) return emptyCache.get(c.id);
  const e = !(c.entityTypes || []).length && (c.children || []).every((k) => isEmpty(byId.get(k), byId));
  emptyCache.set(c.id, e);
  return e;
}

export const isRowHidden = (c, byId) => rowFilter.hidden.has(c.id) || (rowFilter.hideEmpty && isEmpty(c, byId));
