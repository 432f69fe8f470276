// Collective operations (Poet's abstract events): while on (toolbar "Collectives", key O, hash coll=1), the
// links and events of each operation from /api/collectives are not drawn one by one; the operation is one
// translucent band bracketing the rows of its containers (draw/collectives.js). A click on the band expands it
// back to its parts; a click on the dashed bracket left closes it again. The state of all that lives here.

import { U, valueColor } from './state.js';
import { invalidate } from './scheduler.js';

/** on: drawn as symbols; groups: the operations of the window fetched (data/collectives.js); total: of the trace. */
export const coll = { on: false, groups: /** @type {any[]} */ ([]), total: 0, key: '' };
export const expanded = new Set();   // ids of operations shown as their parts
let grouped = new Set();      // "holder:type:row" of the members of the operations drawn as one symbol

/** True when this link or event is drawn as part of a closed operation's symbol (so not by itself). */
export const isGrouped = (container, type, row) => coll.on && grouped.has(`${container}:${type}:${row}`);

/** The number of links and events drawn within symbols (for tests). */
export const groupedCount = () => grouped.size;

/** Recomputes what is drawn within symbols, after the operations or the expanded ones changed. */
export function regroup() {
  grouped = new Set();
  for (const g of coll.groups) {
    if (expanded.has(g.id)) continue;
    for (let i = 0; i < g.rows.length; i++) grouped.add(`${g.holders[i]}:${g.type}:${g.rows[i]}`);
  }
}

/** Forgets the operations fetched (off, or another axis). */
export function dropGroups() { coll.groups = []; grouped = new Set(); coll.key = ''; }

/** Turns the symbols on or off (the operations are fetched with the next window). */
export function setCollectivesOn(/** @type {boolean} */ on) {
  coll.on = on;
  coll.key = '';
  if (!on) dropGroups();
}

/** Expands a closed operation or closes an expanded one. */
export function toggleCollective(/** @type {number} */ id) {
  if (expanded.has(id)) expanded.delete(id); else expanded.add(id);
  regroup();
  invalidate('paint');
}

/** An operation's colour: its value's, else one from the palette by its name. */
export const collectiveColor = (g) => (g.valueId != null ? valueColor(g.type, g.valueId) : U.paletteColor(g.value));
