// The window answer comes as columns ({row: [...], start: [...]}): far smaller and faster to
// parse than one object per entity. The drawing code reads objects, built here once per answer.

/**
 * The tables' usual columns as object literals (one shape each, built far faster than field by field: a zoomed-out
 * answer holds hundreds of thousands of entities); any other set of columns field by field.
 */
const SHAPES = {
  'px,count': (c, i) => ({ px: c.px[i], count: c.count[i] }),
  'px,min,max,last': (c, i) => ({ px: c.px[i], min: c.min[i], max: c.max[i], last: c.last[i] }),
  'row,start,end,value': (c, i) => ({ row: c.row[i], start: c.start[i], end: c.end[i], value: c.value[i] }),
  'row,start,end,value,level': (c, i) => ({ row: c.row[i], start: c.start[i], end: c.end[i], value: c.value[i], level: c.level[i] }),
  'row,time,value': (c, i) => ({ row: c.row[i], time: c.time[i], value: c.value[i] }),
  'row,start,end,value,from,to': (c, i) => ({ row: c.row[i], start: c.start[i], end: c.end[i], value: c.value[i], from: c.from[i], to: c.to[i] }),
};

/** Objects {name: column[i]} for each index of a columnar table. */
function rows(columns) {
  if (!columns) return [];
  const names = Object.keys(columns);
  const shape = SHAPES[names.join(',')];
  if (shape) {
    const n = names.length ? columns[names[0]].length : 0;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = shape(columns, i);
    return out;
  }
  const n = names.length ? columns[names[0]].length : 0;
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const o = {};
    for (const k of names) o[k] = columns[k][i];
    out[i] = o;
  }
  return out;
}

/** State summary cells: {px, level, values: [[value, share 0..1], ...]}. */
function stateCells(s) {
  if (!s) return [];
  const out = new Array(s.px.length);
  let k = 0;
  for (let i = 0; i < s.px.length; i++) {
    const values = new Array(s.count[i]);
    for (let j = 0; j < values.length; j++, k++) values[j] = [s.value[k], s.permille[k] / 1000];
    out[i] = { px: s.px[i], level: s.level[i], values };
  }
  return out;
}

/** Turns every table of a window answer into the arrays of objects the drawing code reads. */
export function decodeWindow(answer) {
  for (const r of answer.rows) {
    // runs (thin rows) stay columns: hundreds of thousands of them are painted straight into pixels
    for (const st of r.states) { st.items = rows(st.items); st.summary = st.runs ? [] : stateCells(st.summary); }
    for (const kind of ['events', 'variables', 'links']) {
      for (const t of r[kind]) { t.items = rows(t.items); t.summary = rows(t.summary); }
    }
  }
  return answer;
}
