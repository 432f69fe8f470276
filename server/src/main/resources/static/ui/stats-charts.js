// Charts of the statistics panel, as SVG/HTML strings: a pie per container (as in Pajé) or a stacked bar per container.

import { U, valueColor, valueName, esc } from '../model/state.js';

const NONE = [214, 214, 208];   // the time in no state of the type (or outside the container's life)
export const pct = (f) => (f == null || !isFinite(f) ? '–' : `${(f * 100).toFixed(f > 0 && f < 0.001 ? 2 : 1)}%`);

/**
 * The slices of one container's state type: innermost shares (nested states count while on top), plus the rest.
 * In the type's value order, not by share: moving the slice then never reorders pies, bars and legend.
 */
export function slicesOf(type, st) {
  const out = st.values.filter((v) => v.innermostShare > 0).map((v) => ({
    value: v.value, share: v.innermostShare, time: v.innermostTime, name: valueName(type, v.value), color: valueColor(type, v.value),
  })).sort((x, y) => x.value - y.value);
  const rest = 1 - out.reduce((a, s) => a + s.share, 0);
  if (rest > 5e-4) out.push({ value: -1, share: rest, time: rest * st.span, name: 'no state', color: NONE });
  return out;
}

const tip = (s) => `${s.name}: ${pct(s.share)} (${U.formatDuration(s.time)})`;

/** A pie of radius r; labels inside the slices that are large enough. */
export function pieSvg(slices, r) {
  const size = 2 * r + 4, c = r + 2;
  let a = -Math.PI / 2;
  const parts = [], labels = [];
  for (const s of slices) {
    const sweep = s.share * 2 * Math.PI;
    const attrs = `fill="${U.css(s.color)}" data-value="${s.value}" data-share="${s.share}"`;
    if (s.share >= 0.9995) {
      parts.push(`<circle cx="${c}" cy="${c}" r="${r}" ${attrs}><title>${esc(tip(s))}</title></circle>`);
    } else {
      const x0 = c + r * Math.cos(a), y0 = c + r * Math.sin(a);
      const x1 = c + r * Math.cos(a + sweep), y1 = c + r * Math.sin(a + sweep);
      const large = sweep > Math.PI ? 1 : 0;
      parts.push(`<path d="M${c},${c} L${x0.toFixed(2)},${y0.toFixed(2)} A${r},${r} 0 ${large} 1 ${x1.toFixed(2)},${y1.toFixed(2)} Z" ${attrs}`
        + ` stroke="#fff" stroke-width="1"><title>${esc(tip(s))}</title></path>`);
    }
    if (s.share >= 0.08) {
      const m = a + sweep / 2, lr = s.share >= 0.9995 ? 0 : r * 0.6;
      const fill = U.luminance(s.color) > 0.55 ? '#1f2328' : '#fff';
      labels.push(`<text x="${(c + lr * Math.cos(m)).toFixed(1)}" y="${(c + lr * Math.sin(m)).toFixed(1)}" fill="${fill}">${pct(s.share)}</text>`);
    }
    a += sweep;
  }
  return `<svg class="pie-svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('')}`
    + `<g class="pie-labels">${labels.join('')}</g></svg>`;
}

/** A stacked horizontal bar: segments as wide as their share. */
export function barHtml(slices) {
  return '<div class="bar">' + slices.map((s) => {
    const fg = U.luminance(s.color) > 0.55 ? '#1f2328' : '#fff';
    return `<span style="width:${(s.share * 100).toFixed(3)}%;background:${U.css(s.color)};color:${fg}" data-value="${s.value}"`
      + ` data-share="${s.share}" title="${esc(tip(s))}">${s.share >= 0.1 ? pct(s.share) : ''}</span>`;
  }).join('') + '</div>';
}

/** The legend of a state type: every value seen in the slice, then the rest. */
export function legendHtml(all) {
  return '<div class="stats-legend">' + all.map((s) => `<span><i style="background:${U.css(s.color)}"></i>${esc(s.name)}</span>`).join('') + '</div>';
}

/** A plain table: head is a list of column names, rows a list of lists of cell strings (already escaped). */
export function tableHtml(cls, head, rows) {
  return `<table class="stats-table ${cls}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>`
    + `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}
