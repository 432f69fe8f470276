// View state kept in the URL hash by modules other than url.js (marks, time slice): each registers how it writes and reads its part.

const parts = [];

/** part: {write: () => 'name=value' or '', read: (hash object) => void}. */
export function registerHashPart(part) { parts.push(part); }

export function extraHashParts() { return parts.map((p) => p.write()).filter(Boolean); }

export function readExtraHashParts(h) { for (const p of parts) p.read(h); }
