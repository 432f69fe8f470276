// The statistics panel's figures as CSV (one line per container, type and value), downloaded by "Export CSV".

import { typeById, valueName } from '../model/state.js';
import { saveFile } from './save-file.js';

const HEAD = ['kind', 'container', 'type', 'value', 'count', 'time', 'share', 'innermost_time', 'innermost_share',
  'held', 'sent', 'received', 'min', 'mean', 'max', 'integral'];

function cell(x) {
  if (x == null) return '';
  const s = String(x);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV text of a /api/stats answer. */
export function statsCsv(answer) {
  const lines = [HEAD.join(',')];
  const tn = (id) => (typeById.get(id) || { name: `#${id}` }).name;
  const add = (o) => lines.push(HEAD.map((h) => cell(o[h])).join(','));
  for (const s of answer.subjects) {
    const base = { container: s.path };
    for (const st of s.states) {
      for (const v of st.values) {
        add({ ...base, kind: 'state', type: tn(st.type), value: valueName(st.type, v.value), count: v.count, time: v.time,
          share: v.share, innermost_time: v.innermostTime, innermost_share: v.innermostShare });
      }
    }
    for (const e of s.events) {
      for (const v of e.values) add({ ...base, kind: 'event', type: tn(e.type), value: valueName(e.type, v.value), count: v.count });
    }
    for (const l of s.links) {
      for (const v of l.values) {
        add({ ...base, kind: 'link', type: tn(l.type), value: valueName(l.type, v.value), held: v.held, sent: v.sent, received: v.received });
      }
    }
    for (const v of s.variables) {
      add({ ...base, kind: 'variable', type: tn(v.type), time: v.time, min: v.min, mean: v.mean, max: v.max, integral: v.integral });
    }
  }
  return lines.join('\n') + '\n';
}

/** Offers the text as a file download. */
export function download(name, text) {
  saveFile(name, new Blob([text], { type: 'text/csv' }));
}
