// Data fetching from the HTTP API: the window shown (debounced, one request at a time) and the overview.
// The scheduler asks for the window ('fetch'); a new answer invalidates the paint.

import { $, MAX_CONTAINERS, S, contById, view, overview, model, span } from '../model/state.js';
import { visibleRows } from '../model/rows.js';
import { axisParam, foldZoom } from '../model/timeaxis.js';
import { wantedAggregates, decodeAggregates } from '../model/aggregate.js';
import { invalidate, setFetchBusy } from '../model/scheduler.js';
import { decodeWindow } from './columns.js';
import { refreshGaps } from './gaps.js';
import { refreshCollectives } from './collectives.js';
import { getWindow } from './http.js';

let fetchSeq = 0, appliedSeq = 0, inFlight = false, fetchTimer = 0, fetchPending = false;

/** Asks for the window shown, 60 ms after the last call (the view moves in bursts); the scheduler's 'fetch'. */
export function scheduleFetch() {
  setFetchBusy(true);
  model.stale = true;
  clearTimeout(fetchTimer);
  fetchTimer = setTimeout(doFetch, 60);
}


function wantedContainers() {
  const ids = new Set();
  for (const r of visibleRows()) {
    if (r.c.lanes.length || r.c.linkTypes.length) ids.add(r.id);
    for (let p = contById.get(r.c.parent); p; p = contById.get(p.parent)) if (p.linkTypes.length) ids.add(p.id);
  }
  return [...ids].slice(0, MAX_CONTAINERS);
}

async function doFetch() {
  if (inFlight) { fetchPending = true; return; }
  const ids = wantedContainers();
  const aggIds = axisParam() ? [] : wantedAggregates(visibleRows()); // aggregates are real time only
  const w = span();
  // ask for half a window more on each side, so that panning has data to show at once
  const s = Math.max(S.traceStart, view.start - w / 2), e = Math.min(S.traceEnd, view.end + w / 2);
  const req = { start: view.start, end: view.end, scrollY: S.scrollY, ids: ids.join(',') + aggKey(aggIds) + (S.thinRows ? '|thin' : ''), seq: ++fetchSeq };
  inFlight = true;
  model.fetches++;
  try {
    await refreshGaps(s, e, ids); // the folds set the scale, hence the width to ask for
    await refreshCollectives(s, e, ids);
    const pxW = Math.max(1, Math.min(10000, Math.round(((e - s) / w) * S.plotW * S.dpr * foldZoom())));
    let answer;
    if (ids.length || aggIds.length) {
      // thin rows draw one value per pixel: dominant values of states, and links; far fewer bytes
      const thin = S.thinRows ? `&dominant=1&types=${S.meta.types.filter((t) => t.kind === 'state' || t.kind === 'link').map((t) => t.id).join(',')}` : '';
      const raw = await getWindow(`/api/window?start=${s}&end=${e}&width=${pxW}&containers=${ids.join(',')}${thin}${axisParam()}${aggIds.length ? `&aggregate=${aggIds.join(',')}` : ''}`);
      const t0 = performance.now();
      answer = decodeWindow(raw);
      answer.aggregates = decodeAggregates(raw);
      model.timing.decode = Math.max(model.timing.decode || 0, performance.now() - t0);
    } else {
      answer = { start: s, end: e, width: pxW, pixel: (e - s) / pxW, rows: [] };
    }
    answer.byContainer = new Map(answer.rows.map((r) => [r.container, r]));
    answer.req = req;
    answer.thin = req.ids.endsWith('|thin'); // states came as runs of dominant values
    S.data = answer;
    appliedSeq = req.seq;
    setStatus('');
    model.error = null;
  } catch (err) {
    setStatus(`could not load the window: ${err.message}`);
    model.error = String(err.message);
  } finally {
    inFlight = false;
  }
  if (fetchPending) { fetchPending = false; doFetch(); return; }
  const current = req.start === view.start && req.end === view.end && req.ids === wantedContainers().join(',') + aggKey(axisParam() ? [] : wantedAggregates(visibleRows())) + (S.thinRows ? '|thin' : '');
  if (!current) { scheduleFetch(); }
  if (current) {
    model.stale = false;
    setFetchBusy(false);
  }
  invalidate('paint');
}

function aggKey(aggIds) { return aggIds.length ? `|agg${aggIds.join(',')}` : ''; }

function setStatus(s) { $('status').textContent = s; }

export async function fetchOverview() {
  const ids = S.meta.containers.filter((c) => c.lanes.some((l) => l.kind === 'state')).map((c) => c.id).slice(0, 200);
  const w = Math.max(1, Math.min(10000, Math.round(overview.clientWidth * S.dpr)));
  if (!ids.length) { S.overviewData = { rows: [], ids }; invalidate('overview'); return; }
  const types = [...new Set(S.meta.types.filter((t) => t.kind === 'state').map((t) => t.id))];
  try {
    const a = decodeWindow(await getWindow(`/api/window?start=${S.traceStart}&end=${S.traceEnd}&width=${w}&containers=${ids.join(',')}&types=${types.join(',')}${axisParam()}`));
    a.ids = ids;
    a.byContainer = new Map(a.rows.map((r) => [r.container, r]));
    S.overviewData = a;
  } catch (e) {
    S.overviewData = null;
  }
  invalidate('overview');
}
