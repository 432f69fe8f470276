// Pure helpers of the viewer: colours, time formatting and ruler ticks. No DOM here.
'use strict';

const PajeUtil = (() => {
  // Tableau 20, reordered so that the first ten are the most distinct.
  const PALETTE = [
    '#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#edc948', '#76b7b2', '#ff9da7',
    '#9c755f', '#bab0ac', '#a0cbe8', '#ffbe7d', '#8cd17d', '#ff9d9a', '#d4a6c8', '#f1ce63',
    '#86bcb6', '#fabfd2', '#d7b5a6', '#79706e',
  ];

  function hexToRgb(hex) {
    const n = parseInt(hex.replace('#', ''), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }

  /** A Pajé colour ("r g b" in [0,1] or 0-255, or RRGGBB hex) as [r, g, b] in 0-255, or null. */
  function parseColor(s) {
    if (s == null) return null;
    s = String(s).trim();
    if (!s) return null;
    if (/^#?[0-9a-fA-F]{6}$/.test(s)) return hexToRgb(s);
    const parts = s.split(/[\s,;]+/).filter(Boolean).map(Number);
    if (parts.length < 3 || parts.slice(0, 3).some((x) => !isFinite(x) || x < 0)) return null;
    const rgb = parts.slice(0, 3);
    const unit = rgb.every((x) => x <= 1);
    return rgb.map((x) => Math.max(0, Math.min(255, Math.round(unit ? x * 255 : x))));
  }

  function hash(s) {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return h >>> 0;
  }

  /**
   * Colours for one type's values: the trace's own colour when it has one, otherwise a palette colour
   * chosen by the value's name (stable across sessions), avoiding colours already taken in the type.
   */
  function assignColors(values) {
    const out = new Map();
    const taken = new Set();
    for (const v of values) {
      const c = parseColor(v.color);
      if (c) { out.set(v.id, c); taken.add(rgbKey(c)); }
    }
    const rest = values.filter((v) => !out.has(v.id)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const used = new Set();
    for (const v of rest) {
      let i = hash(v.name) % PALETTE.length;
      for (let k = 0; k < PALETTE.length; k++) {
        const j = (i + k) % PALETTE.length;
        if (!used.has(j) && !taken.has(rgbKey(hexToRgb(PALETTE[j])))) { i = j; break; }
      }
      used.add(i);
      out.set(v.id, hexToRgb(PALETTE[i]));
    }
    return out;
  }

  function rgbKey(c) { return c.join(','); }
  /** [r, g, b] in 0-255 as "#rrggbb" (what an <input type=color> holds). */
  function hex(c) { return '#' + c.map((x) => x.toString(16).padStart(2, '0')).join(''); }
  function css(c, alpha) {
    return alpha == null || alpha >= 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${alpha})`;
  }
  function luminance(c) { return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255; }
  function paletteColor(name) { return hexToRgb(PALETTE[hash(name) % PALETTE.length]); }

  const UNITS = [
    { name: 's', f: 1 },
    { name: 'ms', f: 1e-3 },
    { name: 'µs', f: 1e-6 },
    { name: 'ns', f: 1e-9 },
  ];

  /** A duration with a readable unit and four significant digits: "300 ms", "1.25 µs". */
  function formatDuration(d) {
    if (!isFinite(d)) return String(d);
    const a = Math.abs(d);
    if (a === 0) return '0 s';
    let u = UNITS[UNITS.length - 1];
    for (const x of UNITS) { if (a >= x.f * 0.9999999) { u = x; break; } }
    return `${trimNum(Number((d / u.f).toPrecision(4)))} ${u.name}`;
  }

  /**
   * A point in time with as many decimals as the resolution `res` (seconds) needs, in the ruler's unit for that
   * resolution (ticks()) unless the time itself is larger: "1.25 ms" rather than "0.00125 s", "6 s" not "6000 ms".
   */
  function formatTime(t, res) {
    if (!isFinite(t)) return String(t);
    const r = res > 0 ? res : 1e-6;
    // the ruler's unit for ticks ~1000 res apart (a tick is ~100 px, res a tenth of a pixel), the time's own
    const byRes = UNITS.find((x) => r * 1000 / x.f >= 0.0999999) || UNITS[UNITS.length - 1];
    const byValue = UNITS.find((x) => Math.abs(t) >= x.f * 0.9999999) || UNITS[UNITS.length - 1];
    const u = t === 0 ? byRes : byRes.f >= byValue.f ? byRes : byValue;
    const digits = Math.max(0, Math.min(12, Math.ceil(-Math.log10(r / u.f))));
    return `${trimFixed((t / u.f).toFixed(digits))} ${u.name}`;
  }

  function trimFixed(s) {
    if (s.indexOf('.') < 0) return s;
    s = s.replace(/0+$/, '');
    return s.endsWith('.') ? s.slice(0, -1) : s;
  }
  function trimNum(x) { return trimFixed(String(x)); }

  /** Parses "1.5", "1.5 s", "300ms", "20 us", "7µs", "10 ns" into seconds; NaN when unreadable. */
  function parseTime(s) {
    const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(s|ms|us|µs|μs|ns)?\s*$/i.exec(String(s));
    if (!m) return NaN;
    const v = Number(m[1]);
    const u = (m[2] || 's').toLowerCase();
    const f = u === 's' ? 1 : u === 'ms' ? 1e-3 : u === 'ns' ? 1e-9 : 1e-6;
    return v * f;
  }

  /**
   * Ticks of a ruler over [start, end] drawn on `px` pixels, at least `minPx` apart.
   * Returns {step, minor, unit, decimals, relative, base, ticks: [{t, label}]}: labels are absolute
   * ("1.5 s", "250 µs") or, when absolute times would need too many digits, relative to `base`.
   */
  function ticks(start, end, px, minPx) {
    const span = end - start;
    if (!(span > 0) || !(px > 0)) return { ticks: [], minor: 0, step: 0 };
    const raw = (span * minPx) / px;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    let step = mag * 10;
    let minorDiv = 5;
    for (const [m, div] of [[1, 5], [2, 4], [5, 5]]) {
      if (m * mag >= raw) { step = m * mag; minorDiv = div; break; }
    }
    let unit = UNITS[UNITS.length - 1];
    for (const x of UNITS) { if (step / x.f >= 0.0999999) { unit = x; break; } }
    const decimals = Math.max(0, -Math.floor(Math.log10(step / unit.f) + 1e-9));
    const maxAbs = Math.max(Math.abs(start), Math.abs(end));
    const relative = maxAbs / unit.f >= 1e5 && maxAbs / step > 1e4;
    const first = Math.floor(start / step);
    const base = relative ? first * step : 0;
    const out = [];
    for (let k = first; k * step <= end + step * 1e-9 && out.length < 1000; k++) {
      const t = k * step;
      if (t < start - step * 1e-9) continue;
      const v = relative ? (k - first) * step : t;
      let label = (v / unit.f).toFixed(decimals);
      if (/^-0(\.0*)?$/.test(label)) label = label.slice(1);
      out.push({ t, label: `${relative ? '+' : ''}${label} ${unit.name}` });
    }
    return { step, minor: step / minorDiv, unit: unit.name, decimals, relative, base, ticks: out };
  }

  return {
    PALETTE, parseColor, assignColors, css, hex, luminance, paletteColor, formatDuration, formatTime,
    parseTime, ticks, hash,
  };
})();

if (typeof module !== 'undefined') module.exports = PajeUtil;
