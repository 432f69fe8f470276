// URL hash strings ("a=1&b=2"): parsing and editing, no DOM.

/** Every part of a hash as {key: value}, decoded. */
export function parseHash(/** @type {string} */ hash) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const kv of hash.replace(/^#/, '').split('&')) {
    const i = kv.indexOf('=');
    if (i > 0) out[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
  }
  return out;
}

/** The value of part `key` of a hash string ("a=1&b=2"), decoded, or null. */
export const hashPart = (/** @type {string} */ hash, /** @type {string} */ key) => parseHash(hash)[key] ?? null;

/** The hash with part `key` set to value (already encoded), or removed when value is null. */
export function withHashPart(/** @type {string} */ hash, /** @type {string} */ key, /** @type {string | null} */ value) {
  const parts = hash.replace(/^#/, '').split('&').filter((kv) => kv && !kv.startsWith(`${key}=`));
  if (value != null) parts.push(`${key}=${value}`);
  return parts.join('&');
}
