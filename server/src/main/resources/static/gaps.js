// Gap folding (Poet's cut marks): idle spans of the rows shown, from /api/gaps, drawn as narrow
// zig-zag cuts on the plot and the ruler; a click on a cut opens it. Real-time axis only.

import { U, $, S, model, ruler, span, xOf } from './state.js';
import { axis, CUT_PX, setFolds, foldAt } from './timeaxis.js';
import { getJson, scheduleFetch } from './fetch.js';
import { draw } from './draw.js';
import { drawRuler } from './ruler.js';
import { writeHash } from './url.js';

export const folding = { on: false, threshold: '10%' };
const opened = [];   // [start, end] of cuts the user opened: not folded again
let lastKey = '';

/** The least gap folded, in seconds: a share of the view ("10%") or a duration ("5 ms"). */
function least() {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(folding.threshold);
  if (m) return (Number(m[1]) / 100) * span();
  const t = U.parseTime(folding.threshold);
  return t > 0 ? t : span() / 10;
}

/** Fetches the gaps of the window about to be fetched (awaited by fetch.js), or unfolds all when off. */
export async function refreshGaps(start, end, ids) {
  if (!folding.on || axis.logical || !ids.length) { setFolds([]); lastKey = ''; return; }
  const min = least();
  const key = `${start},${end},${min},${ids.join(',')}`;
  if (key === lastKey) return;
  try {
    const a = await getJson(`/api/gaps?start=${start}&end=${end}&min=${min}&containers=${ids.join(',')}`);
    lastKey = key;
    const shut = a.gaps.filter(([s, e]) => !opened.some(([os, oe]) => s < oe && e > os));
    setFolds(shut, least);
  } catch (e) {
    setFolds([]);
  }
  drawRuler(); // the ruler is drawn when the view moves, before the folds of the new view are known
}

export function toggleFolding(on = !folding.on) {
  folding.on = on;
  if (!on) { setFolds([]); lastKey = ''; }
  showState();
  redraw();
}

/** Opens the cut under x, if any; true when there was one. */
export function unfoldAt(x) {
  const f = foldAt(x);
  if (!f) return false;
  opened.push([f.s, f.e]);
  lastKey = '';
  redraw();
  return true;
}

function redraw() {
  writeHash();
  draw();
  drawRuler();
  scheduleFetch();
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
    if (ok) { folding.threshold = v.replace(/\s+/g, ''); lastKey = ''; toggleFolding(true); }
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

function zigzag(g, x, top, bottom) {
  g.beginPath();
  g.moveTo(x, top);
  for (let y = top, k = 0; y < bottom; y += 5, k++) g.lineTo(x + (k % 2 ? -2.5 : 2.5), Math.min(bottom, y + 5));
  g.stroke();
}

/** A cut: the span drawn over (what it hides is summarized by the sides) and two zig-zags. */
function drawCut(g, x, top, bottom) {
  g.fillStyle = 'rgba(247,247,245,0.92)';
  g.fillRect(x, top, CUT_PX, bottom - top);
  g.strokeStyle = '#57606a';
  g.lineWidth = 1.2;
  zigzag(g, x + 3.5, top, bottom);
  zigzag(g, x + CUT_PX - 3.5, top, bottom);
}

/** Called by draw(): the cuts over the plot, and the model of them for tests. */
export function drawCuts(g, W, H) {
  for (const f of axis.folds) drawCut(g, xOf(f.s), 0, H);
  model.folds = axis.folds.map((f) => ({ start: f.s, end: f.e, x: xOf(f.s), width: CUT_PX }));
}

/** Called by drawRuler(): the cuts on the ruler, with how much time each hides. */
export function drawRulerCuts(g, W, H, X) {
  for (const f of axis.folds) {
    const x = X(f.s);
    drawCut(g, x, 0, H);
  }
}
