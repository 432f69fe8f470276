// Shared state of the viewer: constants, the mutable view state, DOM handles, the test model (window.paje) and lookups.
// Changes to the view state are announced through store.js; what to redraw goes to scheduler.js.

/** @type {typeof import('../util.js')} */
// @ts-ignore: util.js is a classic script loaded before the modules (its PajeUtil is a global)
export const U = PajeUtil;
/** An element of index.html by id; typed loosely: the page's elements are of many kinds (inputs, buttons...). */
export const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

// ---- geometry -------------------------------------------------------------------------------
export const STATE_LANE = 24;     // css px of a state type's lane
export const VAR_LANE = 30;       // css px of a variable type's lane
export const EVENT_LANE = 14;     // css px of an event lane when the container has no state lane
export const EMPTY_ROW = 22;      // a container without data of its own (a header row)
export const ROW_PAD = 3;         // above and below the lanes
export const LEVEL_INSET = 3;     // each nesting level is this much shorter at top and bottom
export const MAX_CONTAINERS = 2000;

// ---- state ----------------------------------------------------------------------------------
// Everything that modules reassign lives in S (an imported binding cannot be reassigned).
export const S = {
  meta: null,
  density: 'normal',                   // row heights: 'normal', 'compact' or 'fit' (every row on screen)
  traceStart: 0, traceEnd: 1,
  scrollY: 0,
  rows: [],                            // displayed rows in order: {c, y, h, depth, lanes, laneByType}
  rowOfContainer: new Map(),           // container id -> displayed row
  totalHeight: 0,
  data: null,                          // last /api/window answer, with byContainer
  hits: { rows: new Map(), events: [], links: [], states: [] },
  hover: null,                         // the object under the mouse
  selection: null,                     // {obj, clickTime, entity}
  focusMark: null,                     // {container, time} after following a link
  overviewData: null,
  dpr: window.devicePixelRatio || 1,
  plotW: 100, plotH: 100,              // css px
};
export const typeById = new Map();
export const contById = new Map();
export const colors = new Map();            // typeId -> Map(valueId -> [r,g,b])
export const typeColor = new Map();         // typeId -> [r,g,b] (variables, fallback)
export const view = { start: 0, end: 1 };
export const collapsed = new Set();         // container ids
export const hidden = new Set();            // "type:value" or "type:*"
export const custom = new Map();            // "type:value" or "type:*" -> [r,g,b] chosen in the legend

// The page's fixed elements, looked up once (their 2D contexts are the drawing layer's: draw/surface.js).
/** @type {HTMLCanvasElement} */
export const canvas = $('canvas');
/** @type {HTMLCanvasElement} */
export const overlay = $('overlay');
/** @type {HTMLCanvasElement} */
export const ruler = $('ruler');
/** @type {HTMLCanvasElement} */
export const overview = $('overview');
export const plot = $('plot'), tree = $('tree'), tooltip = $('tooltip'), vscroll = $('vscroll');

export const model = {
  ready: false, view: { start: 0, end: 1 }, rows: [], stale: true, pending: false,
  drawn: { states: 0, events: 0, links: 0, variables: 0, summaries: 0 },
  draws: 0, fetches: 0, meta: null, collapsed: [], hidden: [], colors: {}, hover: null, selection: null,
  focus: null, scrollY: 0, error: null,
  timing: {},                          // longest body (download + parse), decode and paint steps so far (ms), for measurements
};
/** @type {any} */ (window).paje = model;
// helpers for tests and tools: page x of a time, id of a container by name
model.pageX = (t) => plot.getBoundingClientRect().left + xOf(t);
model.containerId = (name) => { const c = S.meta && S.meta.containers.find((x) => x.name === name); return c ? c.id : -1; };

// ---- helpers --------------------------------------------------------------------------------
export const span = () => view.end - view.start;
export const fold = { x: null, t: null }; // piecewise time<->x while idle gaps are folded (timeaxis.js)
export const xOf = (t) => (fold.x ? fold.x(t) : ((t - view.start) / span()) * S.plotW);
export const tOf = (x) => (fold.t ? fold.t(x) : view.start + (x / S.plotW) * span());
export const snap = (x) => Math.round(x * S.dpr) / S.dpr;

export function valueColor(type, value) {
  const own = custom.get(`${type}:${value}`);
  if (own) return own;
  const m = colors.get(type);
  const c = m && m.get(value);
  if (c) return c;
  const t = typeById.get(type);
  const v = t && t.values && t.values.find((x) => x.id === value);
  return U.paletteColor(v ? v.name : String(value));
}

export function valueName(type, value) {
  const t = typeById.get(type);
  const v = t && t.values && t.values.find((x) => x.id === value);
  return v ? v.name : `#${value}`;
}
/** The line colour of a variable type: the legend's choice, else the trace's or the palette's. */
export const lineColor = (type) => custom.get(`${type}:*`) || typeColor.get(type);
export const isHidden = (type, value) => hidden.has(`${type}:${value}`) || hidden.has(`${type}:*`);
export function containerPath(id) {
  const parts = [];
  for (let c = contById.get(id); c && c.parent >= 0; c = contById.get(c.parent)) parts.unshift(c.name);
  return '/' + parts.join('/');
}

export function esc(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[ch]));
}

export function swatch(c) { return `<span class="swatch" style="background:${U.css(c)}"></span>`; }

// Pajé names may keep the trace's double quotes ("rank 0"): show them without.
export const unq = (s) => (typeof s === 'string' && s.length >= 2 && s[0] === '"' && s[s.length - 1] === '"' ? s.slice(1, -1) : s);
export const unqPath = (p) => (typeof p === 'string' ? p.replace(/(^|\/)"([^"/]*)"(?=\/|$)/g, '$1$2') : p);
