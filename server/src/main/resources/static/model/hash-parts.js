// View state kept in the URL hash by modules other than ui/url.js (marks, time slice, axis...): each registers
// how it writes and reads its part.

/** @typedef {{ write: () => string, read: (hash: Record<string, string>) => void }} HashPart */

/** @type {HashPart[]} */
const parts = [];
/** @type {HashPart[]} */
const lastParts = [];

/** Registers a part; `last` ones are written after the others (the axis: time=logical, fold=). */
export function registerHashPart(/** @type {HashPart} */ part, { last = false } = {}) { (last ? lastParts : parts).push(part); }

export function extraHashParts() { return [...parts, ...lastParts].map((p) => p.write()).filter(Boolean); }

export function readExtraHashParts(/** @type {Record<string, string>} */ h) { for (const p of [...parts, ...lastParts]) p.read(h); }
