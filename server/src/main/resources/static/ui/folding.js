// Gap folding (Poet's cut marks): idle spans of the rows shown, from /api/gaps, drawn as narrow
// zig-zag cuts on the plot and the ruler (draw/cuts.js); a click on a cut opens it. Real-time axis only.
// The toolbar's button and threshold, and the hash part (fold=10%).

import { U, $, S, model, ruler } from '../model/state.js';
import { setFolds, foldAt } from '../model/timeaxis.js';
import { folding, opened } from '../model/folding.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';

export function toggleFolding(on = !folding.on) {
  folding.on = on;
  if (!on) { setFolds([]); folding.key = ''; }
  showState();
  redraw();
}

/** Opens the cut under x, if any; true when there was one. */
export function unfoldAt(x) {
  const f = foldAt(x);
  if (!f) return false;
  opened.push([f.s, f.e]);
  folding.key = '';
  redraw();
  return true;
}

function redraw() {
  invalidate('paint', 'ruler', 'fetch');
  changed('axis');
}

function showState() {
  $('btn-fold').classList.toggle('on', folding.on);
  $('in-fold').value = folding.threshold;
  model.folding = { on: folding.on, threshold: folding.threshold };
}

/** Toolbar: the button (G) and the threshold; the hash keeps them (fold=10%). */
export function wireFolding() {
  $('btn-fold').onclick = () => toggleFolding();
  $('in-fold').addEventListener('change', () => {
    const v = $('in-fold').value.trim();
    const ok = /^\d+(\.\d+)?\s*%$/.test(v) || U.parseTime(v) > 0;
    $('in-fold').classList.toggle('invalid', !ok);
    if (ok) { folding.threshold = v.replace(/\s+/g, ''); folding.key = ''; toggleFolding(true); }
  });
  ruler.addEventListener('click', (ev) => {
    const r = ruler.getBoundingClientRect();
    unfoldAt(((ev.clientX - r.left) * S.plotW) / r.width);
  });
  showState();
}

export const foldHash = () => (folding.on ? [`fold=${encodeURIComponent(folding.threshold)}`] : []);
export function readFoldHash(h) {
  if (h.fold) { folding.on = true; folding.threshold = h.fold; }
  showState();
}

