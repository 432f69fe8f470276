// The legend: one entry per type and value, clicking an entry hides or shows it.

import { U, $, S, typeColor, hidden, span, valueColor, esc } from './state.js';
import { writeHash } from './url.js';
import { draw } from './draw.js';
import { drawOverview } from './ruler.js';

export function renderLegend() {
  const body = $('legend-body');
  body.replaceChildren();
  const kindsOrder = { state: 0, event: 1, link: 2, variable: 3 };
  const types = S.meta.types.filter((t) => t.kind !== 'container').sort((a, b) => kindsOrder[a.kind] - kindsOrder[b.kind] || a.id - b.id);
  for (const t of types) {
    const box = document.createElement('div');
    box.className = 'type';
    box.dataset.type = t.id;
    const title = document.createElement('div');
    title.className = 'type-name';
    title.innerHTML = `${esc(t.name)} <span class="kind">${esc(t.kind)}</span>`;
    box.append(title);
    const entries = t.kind === 'variable' ? [{ id: '*', name: 'line', color: typeColor.get(t.id) }]
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
      const nm = document.createElement('span');
      nm.textContent = t.kind === 'variable' ? `${t.name}` : v.name;
      e.append(sw, nm);
      e.addEventListener('click', () => {
        if (hidden.has(key)) hidden.delete(key); else hidden.add(key);
        renderLegend();
        draw();
        drawOverview();
        writeHash();
      });
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
