// JSON over HTTP from the viewer's API (docs/api.md), with the longest body time kept for measurements.

import { model } from '../model/state.js';
import { LITTLE_ENDIAN, decodeBinary } from './typed.js';

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

/** Binary window answers, unless the platform is big-endian or the page's address says `?format=json` (to read them). */
const BINARY = LITTLE_ENDIAN && new URLSearchParams(location.search).get('format') !== 'json';

/**
 * A window answer (`/api/window?...`): binary (`format=bin`, far fewer bytes and no numbers to parse) where typed
 * arrays are little-endian, else JSON; the same object either way. Errors come as JSON in both.
 */
export async function getWindow(/** @type {string} */ url) {
  if (!BINARY) return getJson(url);
  const r = await fetch(`${url}&format=bin`);
  if (!r.ok) { // errors come as JSON
    let message = null;
    try { message = (await r.json()).error; } catch (e) { /* not JSON */ }
    throw new Error(message || `HTTP ${r.status}`);
  }
  const t0 = performance.now();
  const body = decodeBinary(await r.arrayBuffer());
  model.timing.body = Math.max(model.timing.body || 0, performance.now() - t0);
  return body;
}
