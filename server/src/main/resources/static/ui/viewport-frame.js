// The second viewport's side of a split (ui/viewports.js): this same page, in an iframe of the first with ?viewport=2,
// reports its URL hash to the first (which keeps it in its own hash) and follows its time window while linked.

import { $, view, model } from '../model/state.js';
import { setView } from '../model/view.js';
import { hashPart } from '../util/hash.js';
import { inTextField } from './keys.js';

export const IS_SECOND = new URLSearchParams(location.search).get('viewport') === '2';

/** Calls fn(hash) after each history.replaceState: ui/url.js writes the hash so, and no hashchange event follows. */
export function watchHashWrites(fn) {
  const replace = history.replaceState.bind(history);
  history.replaceState = (state, title, url) => { replace(state, title, url); fn(location.hash.replace(/^#/, '')); };
}

// Linking time windows only makes sense between two viewports on the same axis (physical or logical time).
export const isLogical = (hash) => hashPart(hash, 'time') === 'logical';
export const sameView = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/** In the second viewport: mark the page (CSS hides what makes no sense twice) and talk to the first. */
export function wireSecondViewport() {
  document.documentElement.classList.add('viewport-second');
  const brand = /** @type {HTMLElement | null} */ (document.querySelector('#toolbar .brand'));
  if (brand) { brand.textContent = 'viewport 2'; brand.title = 'The second viewport: its own time window and rows'; }
  model.viewport = 2;
  const first = window.parent;
  let received = null, sent = null; // windows last set by the first viewport (not sent back) and last sent to it
  const post = (msg) => first.postMessage({ paje: true, ...msg }, location.origin);
  watchHashWrites((hash) => {
    post({ type: 'hash', hash });
    const v = [view.start, view.end];
    if (!sameView(v, received) && !sameView(v, sent)) { sent = v; post({ type: 'view', view: v, logical: isLogical(hash) }); }
  });
  window.addEventListener('message', (ev) => {
    const d = ev.data;
    if (ev.origin !== location.origin || ev.source !== first || !d || !d.paje) return;
    if (d.type === 'view' && d.logical === isLogical(location.hash)) {
      received = d.view;
      setView(d.view[0], d.view[1], { immediate: true });
    }
  });
  // V closes the split from either viewport
  document.addEventListener('keydown', (ev) => {
    if (inTextField(ev)) return;
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && (ev.key === 'v' || ev.key === 'V')) post({ type: 'close' });
  });
  if ($('btn-split')) $('btn-split').hidden = true;
}
