// The URL hash: the view, collapsed rows, hidden values and scroll position, so that a view can be shared or
// reloaded. Written (debounced) after every change the store announces, except those read from the hash itself.

import { U, $, S, contById, view, collapsed, hidden, custom } from '../model/state.js';
import { setView, setScroll } from '../model/view.js';
import { layoutRows } from '../model/rows.js';
import { collapseToFit, opening } from '../model/autocollapse.js';
import { extraHashParts, readExtraHashParts } from '../model/hash-parts.js';
import { invalidate } from '../model/scheduler.js';
import { subscribe } from '../model/store.js';
import { parseHash } from '../util/hash.js';
import { resetThinColors } from '../draw/thin.js';
import { renderLegend } from './legend.js';

let hashTimer = 0, lastHash = '';

subscribe((what, opts) => { if (!opts.fromHash) writeHash(); });

export function writeHash() {
  clearTimeout(hashTimer);
  const seen = location.hash;
  hashTimer = setTimeout(() => {
    // the hash changed from outside meanwhile (typed, a link, a test): its hashchange applies it; never undo it
    if (location.hash !== seen) return;
    const parts = [`view=${view.start},${view.end}`];
    // once the page opened collapsed, "collapsed=" (even empty) keeps a reload from collapsing again
    if (collapsed.size || opening.auto) parts.push(`collapsed=${[...collapsed].sort((a, b) => a - b).join(',')}`);
    if (hidden.size) parts.push(`hidden=${[...hidden].sort().join(',')}`);
    if (custom.size) parts.push(`colors=${[...custom].map(([k, c]) => `${k}:${U.hex(c).slice(1)}`).sort().join(',')}`);
    if (S.scrollY) parts.push(`y=${S.scrollY}`);
    if (S.density !== 'normal') parts.push(`rows=${S.density}`);
    parts.push(...extraHashParts());
    lastHash = '#' + parts.join('&');
    if (location.hash !== lastHash) window.history.replaceState(null, '', lastHash);
  }, 120);
}

export const readHash = () => parseHash(location.hash);

export function applyHash(/** @type {boolean} */ first) {
  const h = readHash();
  collapsed.clear();
  if (h.collapsed) for (const x of h.collapsed.split(',')) if (contById.has(Number(x))) collapsed.add(Number(x));
  hidden.clear();
  if (h.hidden) for (const x of h.hidden.split(',')) if (/^\d+:(\d+|\*)$/.test(x)) hidden.add(x);
  custom.clear();
  if (h.colors) {
    for (const x of h.colors.split(',')) {
      const m = /^(\d+:(?:\d+|\*)):([0-9a-fA-F]{6})$/.exec(x);
      if (m) custom.set(m[1], U.parseColor(m[2]));
    }
  }
  resetThinColors();
  S.density = ['compact', 'fit'].includes(h.rows) ? h.rows : 'normal';
  /** @type {HTMLSelectElement} */ ($('density')).value = S.density;
  layoutRows();
  // the URL says nothing of collapsed rows, nor asks for every row fitted: open aggregated
  if (first && h.collapsed === undefined && S.density !== 'fit' && S.rows.length) collapseToFit();
  renderLegend();
  let s = S.traceStart, e = S.traceEnd;
  if (h.view) {
    const [a, b] = h.view.split(',').map(U.parseTime);
    if (isFinite(a) && isFinite(b) && b > a) { s = a; e = b; }
  }
  if (first) { view.start = NaN; view.end = NaN; }
  setView(s, e, { immediate: true });
  if (h.y) setScroll(Number(h.y) || 0);
  readExtraHashParts(h);
  invalidate('tree', 'paint');
}

export function onHashChange() { if (location.hash !== lastHash) applyHash(false); }
