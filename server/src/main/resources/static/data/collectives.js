// The collective operations of the window about to be fetched, from /api/collectives (model/collectives.js).

import { coll, regroup, dropGroups } from '../model/collectives.js';
import { axis } from '../model/timeaxis.js';
import { getJson } from './http.js';

/** Fetches the operations of [start, end] over containers ids (awaited by data/window.js). */
export async function refreshCollectives(/** @type {number} */ start, /** @type {number} */ end, /** @type {number[]} */ ids) {
  if (!coll.on || axis.logical || !ids.length) { dropGroups(); return; }
  const key = `${start},${end},${ids.join(',')}`;
  if (key === coll.key) return;
  try {
    const a = await getJson(`/api/collectives?start=${start}&end=${end}&containers=${ids.join(',')}`);
    coll.groups = a.collectives;
    coll.total = a.total;
    coll.key = key;
  } catch (e) {
    coll.groups = [];
  }
  regroup();
}
