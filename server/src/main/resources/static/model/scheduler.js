// One frame scheduler: modules invalidate parts of the page (the tree, the plot, the ruler, the window's data...)
// and every part invalidated before the next animation frame is redone once, in a fixed order, in that frame.
// The layers above register what redoes each part (draw/frame.js paints, data/window.js fetches), so nothing
// here imports them.

import { model } from './state.js';

/** @typedef {'tree' | 'paint' | 'present' | 'ruler' | 'overview' | 'fetch'} Part */

/** The order parts are redone in a frame: the tree's layout first, the fetch (which reads the layout) last. */
const ORDER = /** @type {Part[]} */ (['tree', 'paint', 'present', 'ruler', 'overview', 'fetch']);
/** @type {Map<Part, () => void>} */
const handlers = new Map();
/** @type {Set<Part>} */
const dirty = new Set();
let queued = false;
let fetchBusy = false;

/** Registers what redoes a part (one handler per part). */
export function onFrame(/** @type {Part} */ part, /** @type {() => void} */ fn) { handlers.set(part, fn); }

/** Marks parts to redo in the next frame. */
export function invalidate(/** @type {Part[]} */ ...parts) {
  for (const p of parts) dirty.add(p);
  if (!queued) {
    queued = true;
    requestAnimationFrame(frame);
  }
}

/** Runs what is pending now (a frame that cannot wait, such as the first one). */
export function flush() { if (queued) frame(); }

function frame() {
  queued = false;
  const parts = ORDER.filter((p) => dirty.has(p) && !(p === 'present' && dirty.has('paint'))); // a paint presents too
  dirty.clear();
  for (const p of parts) {
    const fn = handlers.get(p);
    if (fn) fn();
  }
}

/** The data layer says whether a window fetch is scheduled or in flight. */
export function setFetchBusy(/** @type {boolean} */ busy) { fetchBusy = busy; }

// For tests and tools: nothing to redo and no window request scheduled or in flight.
Object.defineProperty(model, 'pending', { get: () => queued || fetchBusy, set: () => {}, enumerable: true });
