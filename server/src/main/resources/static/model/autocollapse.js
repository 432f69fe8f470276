// Opening aggregated, as `paje render` does (render's Layout/RowPlan): when the rows do not fit the plot's height,
// collapse whole tree levels, deepest first, until they fit; each collapsed row shows its subtree aggregated
// (model/aggregate.js). Only when the URL does not say what is collapsed (ui/url.js, app/main.js).

import { S, collapsed, model } from './state.js';
import { layoutRows } from './rows.js';

/** Whether the page opened collapsed by itself: the URL then keeps "collapsed=" even once all is expanded. */
export const opening = { auto: false };

/** Collapses levels, deepest first, until the rows fit S.plotH or only the top level is left; the levels collapsed. */
export function collapseToFit() {
  const parents = S.meta.containers.filter((c) => (c.children || []).length);
  // the rows' least depth: the root that only holds the tree gets no row (rows.js), collapsing it would do nothing
  const top = Math.min(...S.rows.map((r) => r.c.depth));
  const levels = [...new Set(parents.map((c) => c.depth))].filter((d) => d >= top).sort((a, b) => b - a);
  const done = [];
  for (const d of levels) {
    if (S.totalHeight <= S.plotH) break;
    for (const c of parents) if (c.depth === d) collapsed.add(c.id);
    done.push(d);
    layoutRows();
  }
  opening.auto = done.length > 0;
  model.autoCollapsed = { levels: done, rows: S.rows.length, height: S.totalHeight, plotH: S.plotH };
  return done;
}
