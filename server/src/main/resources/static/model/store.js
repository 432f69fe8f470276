// The view state's one store: the state lives in state.js (view, scroll, collapsed, hidden, colours...) and in the
// feature models beside it; whoever changes it says so here, and subscribers follow (the URL hash, the view
// history, the time inputs, the second viewport). Lower layers announce changes without knowing who listens.

/**
 * What changed: 'view' (time window), 'scroll', 'rows' (layout, collapsed, hidden rows, density), 'look' (hidden
 * values, colours, aggregation mode), 'annotations' (marks, slice), 'axis' (logical, folding, collectives), 'split'.
 * @typedef {'view' | 'scroll' | 'rows' | 'look' | 'annotations' | 'axis' | 'split'} Change
 * @typedef {{ fromHash?: boolean, fromHistory?: boolean, immediate?: boolean }} ChangeOptions
 * @typedef {(what: Change, opts: ChangeOptions) => void} Subscriber
 */

/** @type {Subscriber[]} */
const subscribers = [];

/** Calls fn after every change; returns a function that stops it. */
export function subscribe(/** @type {Subscriber} */ fn) {
  subscribers.push(fn);
  return () => { const i = subscribers.indexOf(fn); if (i >= 0) subscribers.splice(i, 1); };
}

/** Announces a change of the view state. */
export function changed(/** @type {Change} */ what, /** @type {ChangeOptions} */ opts = {}) {
  for (const fn of subscribers) fn(what, opts);
}
