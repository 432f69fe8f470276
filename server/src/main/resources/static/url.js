// The URL hash: the view, collapsed rows, hidden values and scroll position, so that a view can be shared or reloaded.

import { U, $, S, contById, view, collapsed, hidden, custom } from './state.js';
import { setView, setScroll } from './view.js';
import { layoutRows, renderTree } from './tree.js';
import { draw } from './draw.js';
import { renderLegend } from './legend.js';
import { resetThinColors } from './draw-thin.js';
import { extraHashParts, readExtraHashParts } from './hash-extras.js';
import { axisHash } from './logical.js';

let hashTimer = 0, lastHash = '';
export function writeHash() {
  clearTimeout(hashTimer);
  const seen = location.hash;
  hashTimer = setTimeout(() => {
    // the hash changed from outside meanwhile (typed, a link, a test): its hashchange applies it; never undo it
    if (location.hash !== seen) return;
    const parts = [`view=${view.start},${view.end}`];
    if (collapsed.size) parts.push(`collapsed=${[...collapsed].sort((a, b) => a - b).join(',')}`);
    if (hidden.size) parts.push(`hidden=${[...hidden].sort().join(',')}`);
    if (custom.size) parts.push(`colors=${[...custom].map(([k, c]) => `${k}:${U.hex(c).slice(1)}`).sort().join(',')}`);
    if (S.scrollY) parts.push(`y=${S.scrollY}`);
    if (S.density !== 'normal') parts.push(`rows=${S.density}`);
    parts.push(...extraHashParts());
    parts.push(...axisHash());
    lastHash = '#' + parts.join('&');
    if (location.hash !== lastHash) window.history.replaceState(null, '', lastHash);
  }, 120);
}

export function readHash() {
  const h = location.hash.replace(/^#/, '');
  const out = {};
  for (const kv of h.split('&')) {
    const i = kv.indexOf('=');
    if (i > 0) out[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
  }
  return out;
}

export function applyHash(first) {
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
  $('density').value = S.density;
  layoutRows();
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
  renderTree();
  draw();
}

export function onHashChange() { if (location.hash !== lastHash) applyHash(false); }
