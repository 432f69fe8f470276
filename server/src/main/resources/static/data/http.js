// JSON over HTTP from the viewer's API (docs/api.md), with the longest body time kept for measurements.

import { model } from '../model/state.js';

/** The JSON answer of url; throws with the server's message on an error. */
export async function getJson(/** @type {string} */ url) {
  const r = await fetch(url);
  let body;
  const t0 = performance.now();
  try { body = await r.json(); } catch (e) { body = { error: `bad answer (${r.status})` }; }
  model.timing.body = Math.max(model.timing.body || 0, performance.now() - t0); // waiting for the body and parsing it
  if (!r.ok || (body && body.error)) throw new Error(body && body.error ? body.error : `HTTP ${r.status}`);
  return body;
}
