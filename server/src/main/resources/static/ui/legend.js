// The legend: one entry per type and value; clicking an entry hides or shows it, clicking a type's
// name hides or shows the whole type (Show all / Hide all for every type), a swatch is a colour
// picker (the choice is kept in the URL; ↺ restores the trace's colour).

import { U, $, S, hidden, custom, lineColor, valueColor, esc } from '../model/state.js';
import { agg, setCountMode } from '../model/aggregate.js';
import { invalidate } from '../model/scheduler.js';
import { changed as announce, subscribe } from '../model/store.js';
import { resetThinColors } from '../draw/thin.js';

// hidden values, colours and the aggregation mode show in the legend (changed here or by the aggregated rows)
subscribe((what) => { if (what === 'look' && S.meta) renderLegend(); });

function changed() {
  invalidate('paint', 'overview');
  announce('look');
}

/** Sets (or, with null, forgets) the colour chosen for a legend entry. */
function recolor(key, rgb) {
  if (rgb) custom.set(key, rgb); else custom.delete(key);
  resetThinColors();
  changed();
}

export function renderLegend() {
  const body = $('legend-body');
  body.replaceChildren();
  const kindsOrder = { state: 0, event: 1, link: 2, variable: 3 };
  const types = S.meta.types.filter((t) => t.kind !== 'container').sort((a, b) => kindsOrder[a.kind] - kindsOrder[b.kind] || a.id - b.id);
  // JED's event control: every type visible, or none, in one click
  const bar = document.createElement('div');
  bar.className = 'legend-bar';
  for (const [label, id, act] of /** @type {[string, string, () => void][]} */ ([['Show all', 'legend-show-all', () => hidden.clear()],
    ['Hide all', 'legend-hide-all', () => types.forEach((t) => hidden.add(`${t.id}:*`))]])) {
    const b = document.createElement('button');
    b.id = id;
    b.textContent = label;
    b.addEventListener('click', () => { act(); changed(); });
    bar.append(b);
  }
  body.append(bar);
  for (const t of types) {
    const box = document.createElement('div');
    const typeKey = `${t.id}:*`;
    box.className = 'type' + (hidden.has(typeKey) ? ' hidden-type' : '');
    box.dataset.type = t.id;
    const title = document.createElement('div');
    title.className = 'type-name';
    title.innerHTML = `${esc(t.name)} <span class="kind">${esc(t.kind)}</span>`;
    title.title = hidden.has(typeKey) ? 'Click to show this type' : 'Click to hide this type';
    title.addEventListener('click', () => {
      if (hidden.has(typeKey)) hidden.delete(typeKey); else hidden.add(typeKey);
      changed();
    });
    box.append(title);
    const entries = t.kind === 'variable' ? [{ id: '*', name: 'line', color: lineColor(t.id) }]
      : (t.values || []).map((v) => ({ id: v.id, name: v.name, color: valueColor(t.id, v.id) }));
    for (const v of entries) {
      const e = document.createElement('div');
      const key = `${t.id}:${v.id}`;
      e.className = 'entry' + (hidden.has(key) ? ' hidden-value' : '');
      e.dataset.key = key;
      e.title = hidden.has(key) ? 'Click to show' : 'Click to hide';
      const sw = document.createElement('span');
      sw.className = 'swatch' + (t.kind === 'variable' || t.kind === 'link' ? ' line' : t.kind === 'event' ? ' tri' : '');
      sw.style.background = U.css(v.color);
      if (t.kind === 'event') sw.style.borderTopColor = U.css(v.color);
      const pick = document.createElement('input');
      pick.type = 'color';
      pick.className = 'pick';
      pick.value = U.hex(v.color);
      pick.title = 'Change this colour';
      pick.addEventListener('click', (ev) => ev.stopPropagation());
      pick.addEventListener('input', () => recolor(key, U.parseColor(pick.value)));
      const wrap = document.createElement('label');
      wrap.className = 'swatch-wrap';
      wrap.append(sw, pick);
      wrap.addEventListener('click', (ev) => ev.stopPropagation());
      const nm = document.createElement('span');
      nm.textContent = t.kind === 'variable' ? `${t.name}` : v.name;
      e.append(wrap, nm);
      if (custom.has(key)) {
        const reset = document.createElement('button');
        reset.className = 'reset';
        reset.textContent = '↺';
        reset.title = "Back to the trace's colour";
        reset.addEventListener('click', (ev) => { ev.stopPropagation(); recolor(key, null); });
        e.append(reset);
      }
      e.addEventListener('click', () => {
        if (hidden.has(key)) hidden.delete(key); else hidden.add(key);
        changed();
      });
      if (t.kind === 'state') hookLegendEntry(e, t.id, v.id);
      box.append(e);
    }
    if (!entries.length) {
      const e = document.createElement('div');
      e.className = 'entry';
      e.textContent = '(no values)';
      box.append(e);
    }
    body.append(box);
  }
  const s = document.createElement('div');
  s.className = 'summary-sample';
  s.innerHTML = '<canvas width="28" height="12"></canvas><span>hatched: summarized (many entities per pixel)</span>';
  body.append(s);
  const sc = s.querySelector('canvas'), sg = sc.getContext('2d');
  sg.fillStyle = '#4e79a7'; sg.fillRect(0, 0, 28, 7);
  sg.fillStyle = '#f28e2b'; sg.fillRect(0, 7, 28, 5);
  sg.strokeStyle = 'rgba(255,255,255,0.7)';
  for (let i = -12; i < 28; i += 5) { sg.beginPath(); sg.moveTo(i, 12); sg.lineTo(i + 12, 0); sg.stroke(); }
}

/** Right-click on a state value in the legend: count it in aggregated rows (again: back to shares). */
function hookLegendEntry(el, type, value) {
  el.addEventListener('contextmenu', (ev) => {
    ev.preventDefault();
    const same = agg.count && agg.count.type === type && agg.count.value === value;
    if (same) setCountMode(null); else setCountMode(type, value);
  });
  if (agg.count && agg.count.type === type && agg.count.value === value) el.classList.add('agg-counted');
  el.title += ' · right-click: count in aggregated rows';
}
