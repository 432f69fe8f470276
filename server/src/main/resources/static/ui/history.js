// The view history (back and forward through the zoom history): a window is kept once the view rests on it.

import { $, view } from '../model/state.js';
import { setView } from '../model/view.js';
import { subscribe } from '../model/store.js';

const history = { list: [], index: -1 };
let historyTimer = 0;

export function commitHistory() {
  const cur = history.list[history.index];
  if (cur && cur.start === view.start && cur.end === view.end) return;
  history.list.splice(history.index + 1);
  history.list.push({ start: view.start, end: view.end });
  if (history.list.length > 200) history.list.shift();
  history.index = history.list.length - 1;
  updateHistoryButtons();
}

function scheduleHistory(delay) {
  clearTimeout(historyTimer);
  historyTimer = setTimeout(commitHistory, delay);
}

export function goHistory(d) {
  clearTimeout(historyTimer);
  commitHistory();
  const i = history.index + d;
  if (i < 0 || i >= history.list.length) return;
  history.index = i;
  const v = history.list[i];
  setView(v.start, v.end, { fromHistory: true });
  updateHistoryButtons();
}

function updateHistoryButtons() {
  $('btn-back').disabled = history.index <= 0;
  $('btn-forward').disabled = history.index >= history.list.length - 1;
}

/** Commits the current window now (the end of a drag), without waiting for the view to rest. */
export function commitHistoryNow() { clearTimeout(historyTimer); commitHistory(); }

subscribe((what, opts) => { if (what === 'view' && !opts.fromHistory) scheduleHistory(opts.immediate ? 0 : 350); });
