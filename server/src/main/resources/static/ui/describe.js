// Tooltip and inspector text of anything under the mouse: entities, summaries, aggregated pixels, collectives.

import { U, S, typeById, span, valueColor, valueName, containerPath, esc, swatch } from '../model/state.js';
import { timeText, durationText } from '../model/timeaxis.js';
import { collectiveColor } from '../model/collectives.js';

export function describe(h) {
  const t = typeById.get(h.type);
  const tn = t ? esc(t.name) : '';
  const res = span() / S.plotW;
  const path = esc(containerPath(h.container));
  switch (h.kind) {
    case 'state':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}${h.level ? `, level ${h.level}` : ''}</span><br>`
        + `${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})<br><span class="dim">${path}</span>`;
    case 'event':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
        + `at ${timeText(h.time, res)}<br><span class="dim">${path}</span>`;
    case 'link':
      return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
        + `${esc(containerPath(h.from))} → ${esc(containerPath(h.to))}<br>`
        + `${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})`;
    case 'variable':
      return `<b>${tn}</b> = ${esc(String(h.value))}<br>${timeText(h.start, res)} → ${timeText(h.end, res)}<br><span class="dim">${path}</span>`;
    case 'variable-summary':
      return `<b>${tn}</b> (summarized)<br>min ${h.min}, max ${h.max}, last ${h.last}<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'state-summary':
      if (h.dominant) {
        const [v] = h.values[0];
        return `<b>${tn}</b> (fitted row: the value taking most of each pixel)<br>${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))}`
          + `<br><span class="dim">${U.formatTime(h.start, res)} to ${U.formatTime(h.end, res)}</span><br><span class="dim">${path}</span>`;
      }
      return `<b>${tn}</b> (summarized, level ${h.level})<br>`
        + h.values.map(([v, f]) => `${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))} ${(f * 100).toFixed(f < 0.01 ? 2 : 0)}%`).join('<br>')
        + `<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'event-summary':
    case 'link-summary':
      return `<b>${h.count}</b> ${tn} ${h.kind === 'event-summary' ? 'events' : 'links'} in this pixel<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
    case 'aggregate':
      return describeAggregate(h, res);
    case 'collective':
      return describeCollective(h, res);
    default:
      return '';
  }
}

/** The tooltip of an aggregated pixel (hover.js). */
function describeAggregate(h, res) {
  const t = typeById.get(h.type);
  const head = `<b>${esc(t ? t.name : '')}</b> of ${h.members} containers (aggregated)<br>`;
  const foot = `<br><span class="dim">${timeText(h.start, res)}, 1 pixel = ${durationText(h.end - h.start)}</span>`;
  if (h.sum !== undefined) return `${head}sum ${fmt(h.sum)}, mean ${fmt(h.mean)}${foot}`;
  return head + `${fmt(h.alive)} alive<br>`
    + h.values.map(([v, n, f]) => `${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))} ${fmt(n)} (${(f * 100).toFixed(0)}%)`).join('<br>')
    + foot;
}

const fmt = (x) => String(Number(x.toPrecision(4)));

/** The tooltip of an operation's symbol. */
function describeCollective(h, res) {
  const t = typeById.get(h.type);
  const names = h.containers.slice(0, 6).map((c) => esc(containerPath(c))).join(', ') + (h.containers.length > 6 ? ', …' : '');
  return `${swatch(collectiveColor(h))}<b>${esc(h.value)}</b> <span class="dim">${t ? esc(t.name) : ''}: collective of ${h.members} `
    + `${t && t.kind === 'event' ? 'events' : 'links'}</span><br>${timeText(h.start, res)} → ${timeText(h.end, res)} (${durationText(h.end - h.start)})`
    + `<br><span class="dim">${h.containers.length} containers: ${names}</span><br><span class="dim">click to ${h.open ? 'close' : 'expand'}</span>`;
}
