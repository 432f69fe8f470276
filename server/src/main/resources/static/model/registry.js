// Features and panels register themselves here when their module loads; the app wires them all once the trace's
// shape is known, without importing each one (app/features.js only lists the modules to load).

/** @typedef {{ name: string, wire: () => void }} Feature */

/** @type {Feature[]} */
const features = [];

export function registerFeature(/** @type {Feature} */ feature) { features.push(feature); }

/** Wires every registered feature, in registration order. */
export function wireFeatures() { for (const f of features) f.wire(); }

/** The names of the registered features (for tests and tools). */
export const featureNames = () => features.map((f) => f.name);
