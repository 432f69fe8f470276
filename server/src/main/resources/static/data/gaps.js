// The idle gaps of the window about to be fetched, from /api/gaps, installed as folds (model/timeaxis.js).

import { folding, opened, least } from '../model/folding.js';
import { axis, setFolds } from '../model/timeaxis.js';
import { invalidate } from '../model/scheduler.js';
import { getJson } from './http.js';

/** Fetches the gaps of [start, end] over containers ids (awaited by data/window.js), or unfolds all when off. */
export async function refreshGaps(/** @type {number} */ start, /** @type {number} */ end, /** @type {number[]} */ ids) {
  if (!folding.on || axis.logical || !ids.length) { setFolds([]); folding.key = ''; return; }
  const min = least();
  const key = `${start},${end},${min},${ids.join(',')}`;
  if (key === folding.key) return;
  try {
    const a = await getJson(`/api/gaps?start=${start}&end=${end}&min=${min}&containers=${ids.join(',')}`);
    folding.key = key;
    const shut = a.gaps.filter(([s, e]) => !opened.some(([os, oe]) => s < oe && e > os));
    setFolds(shut, least);
  } catch (e) {
    setFolds([]);
  }
  invalidate('ruler'); // the ruler is drawn when the view moves, before the folds of the new view are known
}
