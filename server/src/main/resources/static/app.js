// paje viewer: a canvas space-time diagram over the HTTP API of docs/api.md.
// Plain JavaScript, no dependencies. The page's own model is exposed as window.paje for tests.
'use strict';

(() => {
  const U = PajeUtil;
  const $ = (id) => document.getElementById(id);

  // ---- geometry -------------------------------------------------------------------------------
  const STATE_LANE = 24;     // css px of a state type's lane
  const VAR_LANE = 30;       // css px of a variable type's lane
  const EVENT_LANE = 14;     // css px of an event lane when the container has no state lane
  const EMPTY_ROW = 22;      // a container without data of its own (a header row)
  const ROW_PAD = 3;         // above and below the lanes
  const LEVEL_INSET = 3;     // each nesting level is this much shorter at top and bottom
  const MAX_CONTAINERS = 2000;

  // ---- state ----------------------------------------------------------------------------------
  let meta = null;
  const typeById = new Map();
  const contById = new Map();
  const colors = new Map();            // typeId -> Map(valueId -> [r,g,b])
  const typeColor = new Map();         // typeId -> [r,g,b] (variables, fallback)
  let traceStart = 0, traceEnd = 1;
  const view = { start: 0, end: 1 };
  let scrollY = 0;
  const collapsed = new Set();         // container ids
  const hidden = new Set();            // "type:value" or "type:*"
  let rows = [];                       // displayed rows in order: {c, y, h, depth, lanes, laneByType}
  let rowOfContainer = new Map();      // container id -> displayed row
  let totalHeight = 0;
  let data = null;                     // last /api/window answer, with byContainer
  let fetchSeq = 0, appliedSeq = 0, inFlight = false, fetchTimer = 0, fetchPending = false;
  let firstDrawDone = false;
  let hits = { rows: new Map(), events: [], links: [], states: [] };
  let hover = null;                    // the object under the mouse
  let selection = null;                // {obj, clickTime, entity}
  let focusMark = null;                // {container, time} after following a link
  const history = { list: [], index: -1 };
  let historyTimer = 0;
  let overviewData = null;
  let dpr = window.devicePixelRatio || 1;
  let plotW = 100, plotH = 100;        // css px

  const canvas = $('canvas'), ctx = canvas.getContext('2d');
  const overlay = $('overlay'), octx = overlay.getContext('2d');
  const ruler = $('ruler'), rctx = ruler.getContext('2d');
  const overview = $('overview'), ovctx = overview.getContext('2d');
  const plot = $('plot'), tree = $('tree'), tooltip = $('tooltip'), vscroll = $('vscroll');

  const model = {
    ready: false, view: { start: 0, end: 1 }, rows: [], stale: true, pending: false,
    drawn: { states: 0, events: 0, links: 0, variables: 0, summaries: 0 },
    draws: 0, fetches: 0, meta: null, collapsed: [], hidden: [], hover: null, selection: null,
    focus: null, scrollY: 0, error: null,
  };
  window.paje = model;
  // helpers for tests and tools: page x of a time, id of a container by name
  model.pageX = (t) => plot.getBoundingClientRect().left + xOf(t);
  model.containerId = (name) => { const c = meta && meta.containers.find((x) => x.name === name); return c ? c.id : -1; };

  // ---- helpers --------------------------------------------------------------------------------
  const span = () => view.end - view.start;
  const xOf = (t) => ((t - view.start) / span()) * plotW;
  const tOf = (x) => view.start + (x / plotW) * span();
  const snap = (x) => Math.round(x * dpr) / dpr;

  function valueColor(type, value) {
    const m = colors.get(type);
    const c = m && m.get(value);
    if (c) return c;
    const t = typeById.get(type);
    const v = t && t.values && t.values.find((x) => x.id === value);
    return U.paletteColor(v ? v.name : String(value));
  }
  function valueName(type, value) {
    const t = typeById.get(type);
    const v = t && t.values && t.values.find((x) => x.id === value);
    return v ? v.name : `#${value}`;
  }
  const isHidden = (type, value) => hidden.has(`${type}:${value}`) || hidden.has(`${type}:*`);
  function containerPath(id) {
    const parts = [];
    for (let c = contById.get(id); c && c.parent >= 0; c = contById.get(c.parent)) parts.unshift(c.name);
    return '/' + parts.join('/');
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[ch]));
  }
  function swatch(c) { return `<span class="swatch" style="background:${U.css(c)}"></span>`; }

  async function getJson(url) {
    const r = await fetch(url);
    let body;
    try { body = await r.json(); } catch (e) { body = { error: `bad answer (${r.status})` }; }
    if (!r.ok || (body && body.error)) throw new Error(body && body.error ? body.error : `HTTP ${r.status}`);
    return body;
  }

  // ---- view changes ---------------------------------------------------------------------------
  function minSpan() { return Math.max(1e-12, Math.max(Math.abs(traceStart), Math.abs(traceEnd)) * 1e-13); }
  function setView(s, e, opts = {}) {
    const full = traceEnd - traceStart;
    let w = e - s;
    if (!(w > 0) || !isFinite(w)) return;
    w = Math.max(minSpan(), Math.min(full, w));
    if (opts.anchor != null) {
      // keep the time under the cursor where it is
      const f = opts.anchorFrac;
      s = opts.anchor - f * w;
    } else if (e - s !== w) {
      const c = (s + e) / 2;
      s = opts.keepStart ? s : c - w / 2;
    }
    s = Math.max(traceStart, Math.min(traceEnd - w, s));
    e = s + w;
    if (s === view.start && e === view.end) return;
    view.start = s;
    view.end = e;
    afterViewChange(opts);
  }
  function afterViewChange(opts) {
    draw();
    drawRuler();
    drawOverview();
    updateInputs();
    scheduleFetch();
    if (!opts.fromHistory) {
      clearTimeout(historyTimer);
      historyTimer = setTimeout(commitHistory, opts.immediate ? 0 : 350);
    }
    writeHash();
  }
  function commitHistory() {
    const cur = history.list[history.index];
    if (cur && cur.start === view.start && cur.end === view.end) return;
    history.list.splice(history.index + 1);
    history.list.push({ start: view.start, end: view.end });
    if (history.list.length > 200) history.list.shift();
    history.index = history.list.length - 1;
    updateHistoryButtons();
  }
  function goHistory(d) {
    clearTimeout(historyTimer);
    commitHistory();
    const i = history.index + d;
    if (i < 0 || i >= history.list.length) return;
    history.index = i;
    const v = history.list[i];
    setView(v.start, v.end, { fromHistory: true });
    updateHistoryButtons();
  }
  function updateHistoryButtons() {
    $('btn-back').disabled = history.index <= 0;
    $('btn-forward').disabled = history.index >= history.list.length - 1;
  }
  function zoomAt(t, factor) {
    const f = (t - view.start) / span();
    setView(view.start, view.start + span() * factor, { anchor: t, anchorFrac: f });
  }
  function pan(frac) {
    const d = span() * frac;
    setView(view.start + d, view.end + d);
  }
  function setScroll(y) {
    const max = Math.max(0, totalHeight - plotH);
    y = Math.max(0, Math.min(max, Math.round(y)));
    if (y === scrollY) return;
    scrollY = y;
    if (Math.abs(vscroll.scrollTop - y) > 1) vscroll.scrollTop = y;
    renderTree();
    draw();
    scheduleFetch();
    writeHash();
  }

  // ---- URL hash -------------------------------------------------------------------------------
  let hashTimer = 0, lastHash = '';
  function writeHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(() => {
      const parts = [`view=${view.start},${view.end}`];
      if (collapsed.size) parts.push(`collapsed=${[...collapsed].sort((a, b) => a - b).join(',')}`);
      if (hidden.size) parts.push(`hidden=${[...hidden].sort().join(',')}`);
      if (scrollY) parts.push(`y=${scrollY}`);
      lastHash = '#' + parts.join('&');
      if (location.hash !== lastHash) window.history.replaceState(null, '', lastHash);
    }, 120);
  }
  function readHash() {
    const h = location.hash.replace(/^#/, '');
    const out = {};
    for (const kv of h.split('&')) {
      const i = kv.indexOf('=');
      if (i > 0) out[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1));
    }
    return out;
  }
  function applyHash(first) {
    const h = readHash();
    collapsed.clear();
    if (h.collapsed) for (const x of h.collapsed.split(',')) if (contById.has(Number(x))) collapsed.add(Number(x));
    hidden.clear();
    if (h.hidden) for (const x of h.hidden.split(',')) if (/^\d+:(\d+|\*)$/.test(x)) hidden.add(x);
    layoutRows();
    renderLegend();
    let s = traceStart, e = traceEnd;
    if (h.view) {
      const [a, b] = h.view.split(',').map(U.parseTime);
      if (isFinite(a) && isFinite(b) && b > a) { s = a; e = b; }
    }
    if (first) { view.start = NaN; view.end = NaN; }
    setView(s, e, { immediate: true });
    if (h.y) setScroll(Number(h.y) || 0);
    renderTree();
    draw();
  }

  // ---- rows -----------------------------------------------------------------------------------
  // Pajé names may keep the trace's double quotes ("rank 0"): show them without.
  const unq = (s) => (typeof s === 'string' && s.length >= 2 && s[0] === '"' && s[s.length - 1] === '"' ? s.slice(1, -1) : s);
  const unqPath = (p) => (typeof p === 'string' ? p.replace(/(^|\/)"([^"/]*)"(?=\/|$)/g, '$1$2') : p);

  function buildContainers() {
    for (const t of meta.types) {
      t.name = unq(t.name);
      t.color = unq(t.color);
      for (const v of t.values || []) { v.name = unq(v.name); v.color = unq(v.color); }
    }
    for (const c of meta.containers) c.name = unq(c.name);
    for (const t of meta.types) typeById.set(t.id, t);
    for (const c of meta.containers) contById.set(c.id, c);
    for (const t of meta.types) {
      if (t.values) colors.set(t.id, U.assignColors(t.values));
      typeColor.set(t.id, U.parseColor(t.color) || U.paletteColor(t.name));
    }
    for (const c of meta.containers) {
      let depth = 0;
      for (let p = contById.get(c.parent); p; p = contById.get(p.parent)) depth++;
      c.depth = depth;
      const lanes = [];
      const kinds = (c.entityTypes || []).map((id) => typeById.get(id)).filter(Boolean);
      const states = kinds.filter((t) => t.kind === 'state');
      const vars = kinds.filter((t) => t.kind === 'variable');
      const events = kinds.filter((t) => t.kind === 'event');
      c.linkTypes = kinds.filter((t) => t.kind === 'link').map((t) => t.id);
      for (const t of states) lanes.push({ type: t.id, kind: 'state', h: STATE_LANE });
      if (events.length && !states.length) lanes.push({ type: events[0].id, kind: 'event', h: EVENT_LANE });
      for (const t of vars) lanes.push({ type: t.id, kind: 'variable', h: VAR_LANE });
      c.lanes = lanes;
      c.eventTypes = events.map((t) => t.id);
    }
  }

  function roots() { return meta.containers.filter((c) => c.parent < 0 || !contById.has(c.parent)); }

  function layoutRows() {
    rows = [];
    rowOfContainer = new Map();
    let y = 0;
    const visit = (c, depth) => {
      const h = c.lanes.length ? c.lanes.reduce((a, l) => a + l.h, 0) + 2 * ROW_PAD : EMPTY_ROW;
      const laneByType = new Map();
      let ly = y + ROW_PAD;
      for (const l of c.lanes) { laneByType.set(l.type, { top: ly, h: l.h, kind: l.kind }); ly += l.h; }
      const row = { c, id: c.id, y, h, depth, laneByType, firstLane: c.lanes[0] ? { top: y + ROW_PAD, h: c.lanes[0].h } : { top: y, h } };
      rows.push(row);
      rowOfContainer.set(c.id, row);
      y += h;
      if (!collapsed.has(c.id)) for (const k of c.children || []) visit(contById.get(k), depth + 1);
    };
    for (const r of roots()) {
      // The root usually holds nothing but the tree: show its children at the top level.
      if (!r.lanes.length && (r.children || []).length) {
        for (const k of r.children) visit(contById.get(k), 0);
      } else visit(r, 0);
    }
    totalHeight = y;
    $('vspacer').style.height = `${Math.max(totalHeight, 1)}px`;
    if (scrollY > Math.max(0, totalHeight - plotH)) scrollY = Math.max(0, totalHeight - plotH);
  }

  function visibleRows() {
    const out = [];
    const top = scrollY, bottom = scrollY + plotH;
    // binary search the first row
    let lo = 0, hi = rows.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (rows[m].y + rows[m].h <= top) lo = m + 1; else hi = m; }
    for (let i = lo; i < rows.length && rows[i].y < bottom; i++) out.push(rows[i]);
    return out;
  }

  /** The displayed row standing for a container: itself, or its nearest displayed ancestor. */
  function displayRow(id) {
    for (let c = contById.get(id); c; c = contById.get(c.parent)) {
      const r = rowOfContainer.get(c.id);
      if (r) return r;
    }
    return null;
  }

  function toggleCollapse(id) {
    if (collapsed.has(id)) collapsed.delete(id); else collapsed.add(id);
    layoutRows();
    renderTree();
    draw();
    scheduleFetch();
    writeHash();
  }

  function renderTree() {
    const vis = visibleRows();
    const frag = document.createDocumentFragment();
    const related = new Set();
    if (hover && hover.kind === 'link') {
      const a = displayRow(hover.from), b = displayRow(hover.to);
      if (a) related.add(a.id);
      if (b) related.add(b.id);
    }
    for (const r of vis) {
      const d = document.createElement('div');
      d.className = 'row' + (collapsed.has(r.id) ? ' collapsed' : '') + (related.has(r.id) ? ' related' : '');
      d.dataset.container = r.id;
      d.setAttribute('role', 'treeitem');
      d.style.top = `${r.y - scrollY}px`;
      d.style.height = `${r.h}px`;
      d.style.paddingLeft = `${4 + r.depth * 14}px`;
      d.style.paddingTop = `${r.c.lanes.length ? ROW_PAD + Math.max(0, (r.c.lanes[0].h - 16) / 2) : 3}px`;
      const hasKids = (r.c.children || []).length > 0;
      if (hasKids) d.setAttribute('aria-expanded', collapsed.has(r.id) ? 'false' : 'true');
      const tg = document.createElement('span');
      tg.className = 'toggle';
      tg.textContent = hasKids ? (collapsed.has(r.id) ? '▸' : '▾') : '';
      if (hasKids) {
        tg.title = collapsed.has(r.id) ? 'Expand' : 'Collapse';
        tg.addEventListener('click', (ev) => { ev.stopPropagation(); toggleCollapse(r.id); });
        d.addEventListener('dblclick', () => toggleCollapse(r.id));
      }
      const nm = document.createElement('span');
      nm.className = 'name';
      nm.textContent = r.c.name;
      const ct = typeById.get(r.c.type);
      d.title = `${containerPath(r.id)}${ct ? ` (${ct.name})` : ''}`;
      d.append(tg, nm);
      if (collapsed.has(r.id)) {
        const k = document.createElement('span');
        k.className = 'kind';
        k.textContent = `+${countDescendants(r.c)}`;
        d.append(k);
      }
      frag.append(d);
    }
    tree.replaceChildren(frag);
  }
  function countDescendants(c) {
    let n = 0;
    for (const k of c.children || []) n += 1 + countDescendants(contById.get(k));
    return n;
  }

  // ---- fetching -------------------------------------------------------------------------------
  function scheduleFetch() {
    model.pending = true;
    model.stale = true;
    clearTimeout(fetchTimer);
    fetchTimer = setTimeout(doFetch, 60);
  }
  function wantedContainers() {
    const ids = new Set();
    for (const r of visibleRows()) {
      if (r.c.lanes.length || r.c.linkTypes.length) ids.add(r.id);
      for (let p = contById.get(r.c.parent); p; p = contById.get(p.parent)) if (p.linkTypes.length) ids.add(p.id);
    }
    return [...ids].slice(0, MAX_CONTAINERS);
  }
  async function doFetch() {
    if (inFlight) { fetchPending = true; return; }
    const ids = wantedContainers();
    const w = span();
    // ask for half a window more on each side, so that panning has data to show at once
    const s = Math.max(traceStart, view.start - w / 2), e = Math.min(traceEnd, view.end + w / 2);
    const pxW = Math.max(1, Math.min(10000, Math.round(((e - s) / w) * plotW * dpr)));
    const req = { start: view.start, end: view.end, scrollY, ids: ids.join(','), seq: ++fetchSeq };
    inFlight = true;
    model.fetches++;
    try {
      let answer;
      if (ids.length) {
        answer = await getJson(`/api/window?start=${s}&end=${e}&width=${pxW}&containers=${ids.join(',')}`);
      } else {
        answer = { start: s, end: e, width: pxW, pixel: (e - s) / pxW, rows: [] };
      }
      answer.byContainer = new Map(answer.rows.map((r) => [r.container, r]));
      answer.req = req;
      data = answer;
      appliedSeq = req.seq;
      setStatus('');
      model.error = null;
    } catch (err) {
      setStatus(`could not load the window: ${err.message}`);
      model.error = String(err.message);
    } finally {
      inFlight = false;
    }
    if (fetchPending) { fetchPending = false; doFetch(); return; }
    const current = req.start === view.start && req.end === view.end && req.ids === wantedContainers().join(',');
    if (!current) { scheduleFetch(); }
    draw();
    if (current) {
      model.stale = false;
      model.pending = false;
      draw();
    }
  }
  function setStatus(s) { $('status').textContent = s; }

  async function fetchOverview() {
    const ids = meta.containers.filter((c) => c.lanes.some((l) => l.kind === 'state')).map((c) => c.id).slice(0, 200);
    const w = Math.max(1, Math.min(10000, Math.round(overview.clientWidth * dpr)));
    if (!ids.length) { overviewData = { rows: [], ids }; drawOverview(); return; }
    const types = [...new Set(meta.types.filter((t) => t.kind === 'state').map((t) => t.id))];
    try {
      const a = await getJson(`/api/window?start=${traceStart}&end=${traceEnd}&width=${w}&containers=${ids.join(',')}&types=${types.join(',')}`);
      a.ids = ids;
      a.byContainer = new Map(a.rows.map((r) => [r.container, r]));
      overviewData = a;
    } catch (e) {
      overviewData = null;
    }
    drawOverview();
  }

  // ---- drawing --------------------------------------------------------------------------------
  let hatch = null, hatchDark = null;
  function makeHatch(color) {
    const c = document.createElement('canvas');
    const n = Math.max(6, Math.round(6 * dpr));
    c.width = c.height = n;
    const g = c.getContext('2d');
    g.strokeStyle = color;
    g.lineWidth = Math.max(1, dpr * 1.2);
    g.beginPath();
    g.moveTo(0, n); g.lineTo(n, 0);
    g.moveTo(-n / 2, n / 2); g.lineTo(n / 2, -n / 2);
    g.moveTo(n / 2, n * 1.5); g.lineTo(n * 1.5, n / 2);
    g.stroke();
    const p = ctx.createPattern(c, 'repeat');
    if (p && p.setTransform) p.setTransform(new DOMMatrix([1 / dpr, 0, 0, 1 / dpr, 0, 0]));
    return p;
  }

  function levelRect(lane, level, top) {
    const inset = Math.min(level * LEVEL_INSET, (lane.h - 6) / 2);
    return { y: top + 1 + inset, h: Math.max(4, lane.h - 2 - 2 * inset) };
  }

  function draw() {
    if (!meta) return;
    const W = plotW, H = plotH;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, W, H);
    const vis = visibleRows();
    const drawn = { states: 0, events: 0, links: 0, variables: 0, summaries: 0 };
    hits = { rows: new Map(), events: [], links: [], states: [] };
    const scale = W / span();
    const X = (t) => (t - view.start) * scale;
    const summaryRects = [];

    // row backgrounds, lifetimes, grid
    const tk = U.ticks(view.start, view.end, W, 90);
    for (let i = 0; i < vis.length; i++) {
      const r = vis[i];
      const y = r.y - scrollY;
      ctx.fillStyle = (rows.indexOf(r) % 2) ? '#fafaf8' : '#ffffff';
      ctx.fillRect(0, y, W, r.h);
      // outside the container's life
      const cs = X(r.c.start), ce = X(r.c.end);
      ctx.fillStyle = '#ecebe6';
      if (cs > 0) ctx.fillRect(0, y, Math.min(W, cs), r.h);
      if (ce < W) ctx.fillRect(Math.max(0, ce), y, W - Math.max(0, ce), r.h);
      ctx.fillStyle = '#e6e6e1';
      ctx.fillRect(0, y + r.h - 1, W, 1);
    }
    ctx.fillStyle = 'rgba(0,0,0,0.05)';
    for (const k of tk.ticks) ctx.fillRect(snap(X(k.t)), 0, 1 / dpr, H);

    if (data) {
      for (const r of vis) {
        const d = data.byContainer.get(r.id);
        if (!d) continue;
        const y0 = -scrollY;
        const rowHits = [];
        hits.rows.set(r.id, rowHits);
        // states
        for (const st of d.states || []) {
          const lane = r.laneByType.get(st.type);
          if (!lane) continue;
          const items = st.items || [];
          // outer levels first so that nested ones are drawn inside them
          const order = items.length > 1 ? items.slice().sort((a, b) => a.level - b.level) : items;
          for (const it of order) {
            if (isHidden(st.type, it.value)) continue;
            let x0 = X(it.start), x1 = X(it.end);
            if (x1 < 0 || x0 > W) continue;
            x0 = snap(Math.max(-2, x0)); x1 = snap(Math.min(W + 2, x1));
            const lr = levelRect(lane, it.level, lane.top + y0);
            const c = valueColor(st.type, it.value);
            ctx.fillStyle = U.css(c);
            ctx.fillRect(x0, lr.y, Math.max(x1 - x0, 1 / dpr), lr.h);
            if (x1 - x0 >= 3) {
              ctx.fillStyle = 'rgba(0,0,0,0.28)';
              ctx.fillRect(x0, lr.y, 1 / dpr, lr.h);
            }
            if (x1 - x0 > 36 && lr.h >= 11) {
              const name = valueName(st.type, it.value);
              ctx.save();
              ctx.beginPath();
              ctx.rect(Math.max(0, x0) + 2, lr.y, Math.min(W, x1) - Math.max(0, x0) - 4, lr.h);
              ctx.clip();
              ctx.fillStyle = U.luminance(c) > 0.55 ? 'rgba(0,0,0,0.8)' : 'rgba(255,255,255,0.95)';
              ctx.font = '11px system-ui, sans-serif';
              ctx.textBaseline = 'middle';
              ctx.fillText(name, Math.max(0, x0) + 4, lr.y + lr.h / 2 + 0.5);
              ctx.restore();
            }
            const h = { kind: 'state', container: r.id, type: st.type, row: it.row, value: it.value, level: it.level,
              start: it.start, end: it.end, x0, x1, y0: lr.y, y1: lr.y + lr.h };
            rowHits.push(h);
            hits.states.push(h);
            drawn.states++;
          }
          const sum = st.summary || [];
          for (const s of sum) {
            const t0 = data.start + s.px * data.pixel;
            let x0 = X(t0), x1 = X(t0 + data.pixel);
            if (x1 < 0 || x0 > W) continue;
            const w = Math.max(x1 - x0, 1 / dpr);
            const lr = levelRect(lane, s.level, lane.top + y0);
            let yy = lr.y;
            const shown = [];
            for (const [v, f] of s.values) {
              if (isHidden(st.type, v)) continue;
              const hh = f * lr.h;
              ctx.fillStyle = U.css(valueColor(st.type, v));
              ctx.fillRect(x0, yy, w, hh);
              yy += hh;
              shown.push([v, f]);
            }
            if (!shown.length) continue;
            summaryRects.push([x0, lr.y, w, yy - lr.y]);
            const h = { kind: 'state-summary', container: r.id, type: st.type, level: s.level, values: shown,
              start: t0, end: t0 + data.pixel, x0, x1: x0 + w, y0: lr.y, y1: lr.y + lr.h };
            rowHits.push(h);
            drawn.summaries++;
          }
        }
        // variables
        for (const vv of d.variables || []) {
          const lane = r.laneByType.get(vv.type);
          if (!lane || isHidden(vv.type, '*')) continue;
          const c = typeColor.get(vv.type);
          const top = lane.top + y0 + 4, bot = lane.top + y0 + lane.h - 3;
          const lo = vv.min, hi = vv.max;
          const Y = (v) => (hi > lo ? bot - ((v - lo) / (hi - lo)) * (bot - top) : (top + bot) / 2);
          const items = (vv.items || []).filter((it) => X(it.end) >= 0 && X(it.start) <= W);
          // filled area, then the step line on top
          ctx.beginPath();
          let open = false, lastX = 0;
          for (const it of items) {
            const x0 = Math.max(-2, X(it.start)), x1 = Math.min(W + 2, X(it.end)), y = Y(it.value);
            if (!open) { ctx.moveTo(x0, bot); open = true; }
            ctx.lineTo(x0, y);
            ctx.lineTo(x1, y);
            lastX = x1;
          }
          if (open) {
            ctx.lineTo(lastX, bot);
            ctx.closePath();
            ctx.fillStyle = U.css(c, 0.16);
            ctx.fill();
          }
          ctx.beginPath();
          let prev = null;
          for (const it of items) {
            const x0 = Math.max(-2, X(it.start)), x1 = Math.min(W + 2, X(it.end)), y = Y(it.value);
            if (prev && Math.abs(prev.x - x0) < 0.5) ctx.lineTo(x0, y); else ctx.moveTo(x0, y);
            ctx.lineTo(x1, y);
            prev = { x: x1 };
            drawn.variables++;
            rowHits.push({ kind: 'variable', container: r.id, type: vv.type, value: it.value, start: it.start, end: it.end,
              x0, x1, y0: lane.top + y0, y1: lane.top + y0 + lane.h });
          }
          ctx.strokeStyle = U.css(c);
          ctx.lineWidth = 1.6;
          ctx.stroke();
          for (const s of vv.summary || []) {
            const t0 = data.start + s.px * data.pixel;
            const x0 = X(t0), x1 = X(t0 + data.pixel);
            if (x1 < 0 || x0 > W) continue;
            const w = Math.max(x1 - x0, 1 / dpr);
            const ya = Y(s.max), yb = Y(s.min);
            ctx.fillStyle = U.css(c, 0.55);
            ctx.fillRect(x0, ya, w, Math.max(1.5, yb - ya));
            summaryRects.push([x0, ya, w, Math.max(1.5, yb - ya)]);
            rowHits.push({ kind: 'variable-summary', container: r.id, type: vv.type, min: s.min, max: s.max, last: s.last,
              start: t0, end: t0 + data.pixel, x0, x1: x0 + w, y0: lane.top + y0, y1: lane.top + y0 + lane.h });
            drawn.summaries++;
          }
          // the row's own scale
          ctx.font = '10px system-ui, sans-serif';
          ctx.textBaseline = 'top';
          const lab = (v) => (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-2 && v !== 0) ? v.toExponential(2) : String(Number(v.toPrecision(4))));
          const tl = lab(hi), bl = lab(lo);
          ctx.fillStyle = 'rgba(255,255,255,0.8)';
          ctx.fillRect(2, lane.top + y0 + 1, ctx.measureText(tl).width + 4, 11);
          ctx.fillRect(2, lane.top + y0 + lane.h - 12, ctx.measureText(bl).width + 4, 11);
          ctx.fillStyle = '#57606a';
          ctx.fillText(tl, 4, lane.top + y0 + 2);
          ctx.fillText(bl, 4, lane.top + y0 + lane.h - 11);
        }
        // events: small triangles at the top of the first lane
        for (const ev of d.events || []) {
          const lane = r.firstLane;
          const top = lane.top + y0 + 1;
          for (const it of ev.items || []) {
            if (isHidden(ev.type, it.value)) continue;
            const x = X(it.time);
            if (x < -6 || x > W + 6) continue;
            const c = valueColor(ev.type, it.value);
            ctx.beginPath();
            ctx.moveTo(x - 5, top);
            ctx.lineTo(x + 5, top);
            ctx.lineTo(x, top + 9);
            ctx.closePath();
            ctx.fillStyle = U.css(c);
            ctx.fill();
            ctx.strokeStyle = 'rgba(0,0,0,0.75)';
            ctx.lineWidth = 1;
            ctx.stroke();
            const h = { kind: 'event', container: r.id, type: ev.type, row: it.row, value: it.value, time: it.time,
              x0: x - 6, x1: x + 6, y0: top - 1, y1: top + 10 };
            hits.events.push(h);
            drawn.events++;
          }
          for (const s of ev.summary || []) {
            const t0 = data.start + s.px * data.pixel;
            const x0 = X(t0), x1 = X(t0 + data.pixel);
            if (x1 < 0 || x0 > W) continue;
            const w = Math.max(x1 - x0, 1 / dpr);
            const hh = Math.min(lane.h - 2, 3 + 2 * Math.log2(1 + s.count));
            ctx.fillStyle = 'rgba(40,40,40,0.65)';
            ctx.fillRect(x0, top, w, hh);
            summaryRects.push([x0, top, w, hh]);
            hits.events.push({ kind: 'event-summary', container: r.id, type: ev.type, count: s.count, start: t0,
              end: t0 + data.pixel, x0, x1: x0 + w, y0: top, y1: top + hh });
            drawn.summaries++;
          }
        }
      }

      // hatch over everything summarized, so that it never looks exact
      if (summaryRects.length) {
        ctx.fillStyle = hatch;
        for (const [x, y, w, h] of summaryRects) ctx.fillRect(x, y, w, h);
      }

      // links: arrows from the source row to the destination row
      const visIds = new Set(vis.map((r) => r.id));
      for (const r of data.rows) {
        for (const lk of r.links || []) {
          for (const it of lk.items || []) {
            if (isHidden(lk.type, it.value)) continue;
            const a = displayRow(it.from), b = displayRow(it.to);
            if (!a || !b) continue;
            if (!visIds.has(a.id) && !visIds.has(b.id)) {
              // both ends off screen: draw only when the arrow crosses the screen
              const ya = a.y - scrollY, yb = b.y - scrollY;
              if ((ya < 0 && yb < 0) || (ya > plotH && yb > plotH)) continue;
            }
            const x0 = X(it.start), x1 = X(it.end);
            if ((x0 < 0 && x1 < 0) || (x0 > W && x1 > W)) continue;
            const y0 = a.firstLane.top + a.firstLane.h / 2 - scrollY, y1 = b.firstLane.top + b.firstLane.h / 2 - scrollY;
            const c = valueColor(lk.type, it.value);
            drawArrow(ctx, x0, y0, x1, y1, U.css(c), 1.3);
            hits.links.push({ kind: 'link', container: r.container, type: lk.type, row: it.row, value: it.value,
              start: it.start, end: it.end, from: it.from, to: it.to, ax: x0, ay: y0, bx: x1, by: y1 });
            drawn.links++;
          }
          const holder = displayRow(r.container);
          for (const s of lk.summary || []) {
            const t0 = data.start + s.px * data.pixel;
            const x0 = X(t0), x1 = X(t0 + data.pixel);
            if (x1 < 0 || x0 > W) continue;
            const w = Math.max(x1 - x0, 1 / dpr);
            const y = holder ? holder.y + holder.h - scrollY - 7 : 0;
            const hh = Math.min(6, 2 + Math.log2(1 + s.count));
            ctx.fillStyle = 'rgba(30,30,30,0.55)';
            ctx.fillRect(x0, y, w, hh);
            hits.events.push({ kind: 'link-summary', container: r.container, type: lk.type, count: s.count, start: t0,
              end: t0 + data.pixel, x0, x1: x0 + w, y0: y, y1: y + hh });
            drawn.summaries++;
          }
        }
      }
    }

    drawOverlay();
    // the model, for tests and tools
    const rect = plot.getBoundingClientRect();
    model.view = { start: view.start, end: view.end };
    model.rows = vis.map((r) => ({
      container: r.id, name: r.c.name, depth: r.depth, y: rect.top + r.y - scrollY, height: r.h,
      collapsed: collapsed.has(r.id),
      lanes: [...r.laneByType.entries()].map(([type, l]) => ({ type, kind: l.kind, y: rect.top + l.top - scrollY, height: l.h })),
    }));
    model.plot = { left: rect.left, top: rect.top, width: plotW, height: plotH };
    model.drawn = drawn;
    model.collapsed = [...collapsed];
    model.hidden = [...hidden];
    model.scrollY = scrollY;
    model.draws++;
    if (data && !firstDrawDone) {
      firstDrawDone = true;
      model.ready = true;
      document.body.setAttribute('data-ready', '1');
    }
  }

  function drawArrow(g, x0, y0, x1, y1, color, width) {
    const ang = Math.atan2(y1 - y0, x1 - x0);
    const head = 8;
    g.strokeStyle = color;
    g.fillStyle = color;
    g.lineWidth = width;
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1 - Math.cos(ang) * head * 0.6, y1 - Math.sin(ang) * head * 0.6);
    g.stroke();
    g.beginPath();
    g.moveTo(x1, y1);
    g.lineTo(x1 - head * Math.cos(ang - 0.38), y1 - head * Math.sin(ang - 0.38));
    g.lineTo(x1 - head * Math.cos(ang + 0.38), y1 - head * Math.sin(ang + 0.38));
    g.closePath();
    g.fill();
    g.beginPath();
    g.arc(x0, y0, 2, 0, Math.PI * 2);
    g.fill();
  }

  function drawOverlay() {
    octx.setTransform(dpr, 0, 0, dpr, 0, 0);
    octx.clearRect(0, 0, plotW, plotH);
    const h = hover;
    if (h) {
      if (h.kind === 'state') {
        octx.lineWidth = 1.5;
        octx.strokeStyle = '#111';
        // every other state with the same value
        octx.setLineDash([]);
        for (const s of hits.states) {
          if (s === h || s.type !== h.type || s.value !== h.value) continue;
          octx.strokeStyle = 'rgba(255,200,0,0.95)';
          octx.lineWidth = 2;
          octx.strokeRect(s.x0 + 1, s.y0 + 1, Math.max(1, s.x1 - s.x0 - 2), s.y1 - s.y0 - 2);
        }
        octx.strokeStyle = '#111';
        octx.lineWidth = 2;
        octx.strokeRect(h.x0 + 1, h.y0 + 1, Math.max(1, h.x1 - h.x0 - 2), h.y1 - h.y0 - 2);
      } else if (h.kind === 'link') {
        octx.save();
        octx.shadowColor = 'rgba(255,170,0,0.9)';
        octx.shadowBlur = 6;
        drawArrow(octx, h.ax, h.ay, h.bx, h.by, '#ff8c00', 3);
        octx.restore();
        for (const [x, y] of [[h.ax, h.ay], [h.bx, h.by]]) {
          octx.beginPath();
          octx.arc(x, y, 7, 0, Math.PI * 2);
          octx.strokeStyle = '#ff8c00';
          octx.lineWidth = 2.5;
          octx.stroke();
        }
      } else if (h.kind === 'event') {
        for (const e of hits.events) {
          if (e.kind !== 'event' || e.type !== h.type || e.value !== h.value) continue;
          octx.beginPath();
          octx.arc((e.x0 + e.x1) / 2, e.y0 + 4, e === h ? 8 : 6, 0, Math.PI * 2);
          octx.strokeStyle = e === h ? '#111' : 'rgba(255,200,0,0.95)';
          octx.lineWidth = 2;
          octx.stroke();
        }
      } else {
        octx.strokeStyle = '#111';
        octx.lineWidth = 1;
        octx.strokeRect(h.x0, h.y0, Math.max(1, h.x1 - h.x0), h.y1 - h.y0);
      }
    }
    if (focusMark) {
      const r = displayRow(focusMark.container);
      if (r) {
        const x = xOf(focusMark.time), y = r.firstLane.top + r.firstLane.h / 2 - scrollY;
        octx.beginPath();
        octx.arc(x, y, 9, 0, Math.PI * 2);
        octx.strokeStyle = '#d1242f';
        octx.lineWidth = 2.5;
        octx.stroke();
        octx.beginPath();
        octx.moveTo(x, 0); octx.lineTo(x, plotH);
        octx.strokeStyle = 'rgba(209,36,47,0.45)';
        octx.lineWidth = 1;
        octx.setLineDash([4, 3]);
        octx.stroke();
        octx.setLineDash([]);
      }
    }
  }

  function drawRuler() {
    const W = ruler.clientWidth, H = ruler.clientHeight;
    if (ruler.width !== Math.round(W * dpr) || ruler.height !== Math.round(H * dpr)) {
      ruler.width = Math.round(W * dpr); ruler.height = Math.round(H * dpr);
    }
    rctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    rctx.clearRect(0, 0, W, H);
    rctx.fillStyle = '#fff';
    rctx.fillRect(0, 0, W, H);
    const tk = U.ticks(view.start, view.end, W, 90);
    const X = (t) => ((t - view.start) / span()) * W;
    rctx.fillStyle = '#9aa0a6';
    if (tk.minor > 0) {
      const first = Math.ceil(view.start / tk.minor);
      for (let k = first, n = 0; k * tk.minor <= view.end && n < 2000; k++, n++) {
        rctx.fillRect(snap(X(k * tk.minor)), H - 5, 1, 5);
      }
    }
    rctx.fillStyle = '#24292f';
    rctx.font = '11px system-ui, sans-serif';
    rctx.textBaseline = 'top';
    for (const k of tk.ticks) {
      const x = snap(X(k.t));
      rctx.fillRect(x, H - 10, 1, 10);
      const tw = rctx.measureText(k.label).width;
      const lx = Math.min(Math.max(x + 3, 2), W - tw - 2);
      rctx.fillText(k.label, lx, 4);
    }
    $('corner-text').textContent = tk.relative ? `t₀ = ${U.formatTime(tk.base, tk.step / 10)}` : `${U.formatDuration(span())} shown`;
    model.ruler = tk.ticks.map((k) => k.label);
  }

  function drawOverview() {
    const W = overview.clientWidth, H = overview.clientHeight;
    if (!W || !H) return;
    if (overview.width !== Math.round(W * dpr) || overview.height !== Math.round(H * dpr)) {
      overview.width = Math.round(W * dpr); overview.height = Math.round(H * dpr);
    }
    const g = ovctx;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, W, H);
    g.fillStyle = '#eceae4';
    g.fillRect(0, 0, W, H);
    const full = traceEnd - traceStart;
    const X = (t) => ((t - traceStart) / full) * W;
    const od = overviewData;
    if (od && od.ids.length) {
      const bh = (H - 4) / od.ids.length;
      od.ids.forEach((id, i) => {
        const r = od.byContainer.get(id);
        if (!r) return;
        const y = 2 + i * bh;
        for (const st of r.states || []) {
          for (const it of st.items || []) {
            if (it.level !== 0 || isHidden(st.type, it.value)) continue;
            g.fillStyle = U.css(valueColor(st.type, it.value));
            g.fillRect(X(it.start), y, Math.max(X(it.end) - X(it.start), 1 / dpr), Math.max(bh, 1 / dpr));
          }
          for (const s of st.summary || []) {
            if (s.level !== 0) continue;
            const t0 = od.start + s.px * od.pixel;
            let best = null;
            for (const [v, f] of s.values) if (!isHidden(st.type, v) && (!best || f > best[1])) best = [v, f];
            if (!best) continue;
            g.fillStyle = U.css(valueColor(st.type, best[0]));
            g.fillRect(X(t0), y, Math.max(X(t0 + od.pixel) - X(t0), 1 / dpr), Math.max(bh, 1 / dpr));
          }
        }
      });
    }
    // the current view: dim what is outside, frame what is inside
    const a = X(view.start), b = X(view.end);
    g.fillStyle = 'rgba(36,41,47,0.45)';
    g.fillRect(0, 0, a, H);
    g.fillRect(b, 0, W - b, H);
    g.strokeStyle = '#1f6feb';
    g.lineWidth = 2;
    g.strokeRect(a + 1, 1, Math.max(2, b - a - 2), H - 2);
  }

  // ---- legend ---------------------------------------------------------------------------------
  function renderLegend() {
    const body = $('legend-body');
    body.replaceChildren();
    const kindsOrder = { state: 0, event: 1, link: 2, variable: 3 };
    const types = meta.types.filter((t) => t.kind !== 'container').sort((a, b) => kindsOrder[a.kind] - kindsOrder[b.kind] || a.id - b.id);
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

  // ---- hover, tooltip, inspector --------------------------------------------------------------
  function hitTest(x, y) {
    for (const e of hits.events) if (x >= e.x0 && x <= e.x1 && y >= e.y0 && y <= e.y1) return e;
    let best = null, bd = 4.5;
    for (const l of hits.links) {
      const d = segDist(x, y, l.ax, l.ay, l.bx, l.by);
      if (d < bd) { bd = d; best = l; }
    }
    if (best) return best;
    const r = rowAt(y);
    if (!r) return null;
    const list = hits.rows.get(r.id) || [];
    let found = null;
    for (const h of list) {
      if (x >= h.x0 - 0.5 && x <= h.x1 + 0.5 && y >= h.y0 && y <= h.y1) {
        if (!found || (h.level || 0) > (found.level || 0) || (found.kind.endsWith('summary') && !h.kind.endsWith('summary'))) found = h;
      }
    }
    return found;
  }
  function segDist(px, py, ax, ay, bx, by) {
    const dx = bx - ax, dy = by - ay;
    const l2 = dx * dx + dy * dy;
    let t = l2 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = Math.max(0, Math.min(1, t));
    return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
  }
  function rowAt(y) {
    const vy = y + scrollY;
    for (const r of visibleRows()) if (vy >= r.y && vy < r.y + r.h) return r;
    return null;
  }

  function describe(h) {
    const t = typeById.get(h.type);
    const tn = t ? esc(t.name) : '';
    const res = span() / plotW;
    const path = esc(containerPath(h.container));
    switch (h.kind) {
      case 'state':
        return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}${h.level ? `, level ${h.level}` : ''}</span><br>`
          + `${U.formatTime(h.start, res)} → ${U.formatTime(h.end, res)} (${U.formatDuration(h.end - h.start)})<br><span class="dim">${path}</span>`;
      case 'event':
        return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
          + `at ${U.formatTime(h.time, res)}<br><span class="dim">${path}</span>`;
      case 'link':
        return `${swatch(valueColor(h.type, h.value))}<b>${esc(valueName(h.type, h.value))}</b> <span class="dim">${tn}</span><br>`
          + `${esc(containerPath(h.from))} → ${esc(containerPath(h.to))}<br>`
          + `${U.formatTime(h.start, res)} → ${U.formatTime(h.end, res)} (${U.formatDuration(h.end - h.start)})`;
      case 'variable':
        return `<b>${tn}</b> = ${esc(String(h.value))}<br>${U.formatTime(h.start, res)} → ${U.formatTime(h.end, res)}<br><span class="dim">${path}</span>`;
      case 'variable-summary':
        return `<b>${tn}</b> (summarized)<br>min ${h.min}, max ${h.max}, last ${h.last}<br><span class="dim">${U.formatTime(h.start, res)}, 1 pixel = ${U.formatDuration(h.end - h.start)}</span>`;
      case 'state-summary':
        return `<b>${tn}</b> (summarized, level ${h.level})<br>`
          + h.values.map(([v, f]) => `${swatch(valueColor(h.type, v))}${esc(valueName(h.type, v))} ${(f * 100).toFixed(f < 0.01 ? 2 : 0)}%`).join('<br>')
          + `<br><span class="dim">${U.formatTime(h.start, res)}, 1 pixel = ${U.formatDuration(h.end - h.start)}</span>`;
      case 'event-summary':
      case 'link-summary':
        return `<b>${h.count}</b> ${tn} ${h.kind === 'event-summary' ? 'events' : 'links'} in this pixel<br><span class="dim">${U.formatTime(h.start, res)}, 1 pixel = ${U.formatDuration(h.end - h.start)}</span>`;
      default:
        return '';
    }
  }

  function setHover(h, mx, my) {
    const changed = h !== hover;
    hover = h;
    model.hover = h ? { kind: h.kind, container: h.container, type: h.type, row: h.row, value: h.value } : null;
    if (h) {
      tooltip.innerHTML = describe(h);
      tooltip.hidden = false;
      const tw = tooltip.offsetWidth, th = tooltip.offsetHeight;
      let tx = mx + 14, ty = my + 16;
      if (tx + tw > plotW - 4) tx = Math.max(4, mx - tw - 12);
      if (ty + th > plotH - 4) ty = Math.max(4, my - th - 12);
      tooltip.style.left = `${tx}px`;
      tooltip.style.top = `${ty}px`;
    } else {
      tooltip.hidden = true;
    }
    if (changed) {
      drawOverlay();
      if ((h && h.kind === 'link') || tree.querySelector('.related')) renderTree();
    }
  }

  async function inspect(h, clickTime) {
    const box = $('inspector');
    box.hidden = false;
    selection = { obj: h, clickTime };
    model.selection = null;
    if (!h) { box.hidden = true; return; }
    if (!['state', 'event', 'link'].includes(h.kind)) {
      box.innerHTML = `<div class="head"><h2>Inspector</h2><button class="close" title="Close">×</button></div><div>${describe(h)}</div>`;
      box.querySelector('.close').onclick = () => { box.hidden = true; };
      box.querySelectorAll('.dim').forEach((e) => { e.style.color = '#6a717a'; });
      model.selection = { kind: h.kind };
      return;
    }
    box.innerHTML = '<div class="head"><h2>Inspector</h2></div><div>loading…</div>';
    let ent;
    try {
      ent = await getJson(`/api/entity?container=${h.container}&type=${h.type}&row=${h.row}`);
    } catch (e) {
      box.innerHTML = `<div class="head"><h2>Inspector</h2><button class="close" title="Close">×</button></div><div class="error">${esc(e.message)}</div>`;
      box.querySelector('.close').onclick = () => { box.hidden = true; };
      return;
    }
    if (selection.obj !== h) return;
    selection.entity = ent;
    const res = span() / plotW;
    const rowsHtml = [];
    const add = (k, v, cls) => {
      if (v === undefined || v === null || v === '') return;
      rowsHtml.push(`<tr data-field="${esc(k)}"${cls ? ` class="${cls}"` : ''}><th>${esc(k)}</th><td>${esc(v)}</td></tr>`);
    };
    const color = valueColor(h.type, h.value);
    ent.type = unq(ent.type);
    ent.value = unq(ent.value);
    const pathOf = (id, p) => (contById.has(id) ? containerPath(id) : unqPath(p));
    ent.containerPath = pathOf(ent.container, ent.containerPath);
    if (ent.kind === 'link') {
      ent.fromPath = pathOf(ent.from, ent.fromPath);
      ent.toPath = pathOf(ent.to, ent.toPath);
    }
    for (const k of Object.keys(ent.fields || {})) ent.fields[k] = unq(ent.fields[k]);
    add('Kind', ent.kind);
    add('Type', ent.type);
    add('Value', ent.value);
    add('Container', ent.containerPath);
    if (ent.time !== undefined) add('Time', U.formatTime(ent.time, Math.min(res, 1e-6)));
    if (ent.start !== undefined) add('Start', U.formatTime(ent.start, Math.min(res, 1e-6)));
    if (ent.end !== undefined) add('End', U.formatTime(ent.end, Math.min(res, 1e-6)));
    if (ent.duration !== undefined) add('Duration', U.formatDuration(ent.duration));
    if (ent.level !== undefined) add('Level', String(ent.level));
    if (ent.kind === 'link') {
      add('From', ent.fromPath);
      add('To', ent.toPath);
      add('Key', ent.key);
    }
    for (const [k, v] of Object.entries(ent.fields || {})) add(k, v, 'user');
    let actions = '<button data-act="zoom" title="Zoom the view on this entity">Zoom to</button>';
    let other = null;
    if (ent.kind === 'link') {
      const nearStart = clickTime == null || Math.abs(clickTime - ent.start) <= Math.abs(clickTime - ent.end);
      other = nearStart ? { container: ent.to, time: ent.end, path: ent.toPath, end: 'end' }
        : { container: ent.from, time: ent.start, path: ent.fromPath, end: 'start' };
      actions = `<button data-act="follow" title="Move the view to the other end of the link">Follow link → ${esc(other.end)} (${esc(other.path)})</button>` + actions;
    }
    box.innerHTML = `<div class="head"><h2>${swatch(color)} Inspector</h2><button class="close" title="Close">×</button></div>`
      + `<table>${rowsHtml.join('')}</table><div class="actions">${actions}</div>`;
    box.querySelector('.close').onclick = () => { box.hidden = true; selection = null; model.selection = null; };
    box.querySelector('[data-act="zoom"]').onclick = () => {
      const s = ent.time !== undefined ? ent.time : ent.start, e = ent.time !== undefined ? ent.time : ent.end;
      const w = Math.max(e - s, span() / 50);
      setView(s - w * 0.25, s + w * 1.25, { immediate: true });
    };
    const f = box.querySelector('[data-act="follow"]');
    if (f) f.onclick = () => followTo(other.container, other.time);
    model.selection = { kind: ent.kind, container: h.container, type: h.type, row: h.row, entity: ent, other };
  }

  function followTo(container, time) {
    // expand the ancestors of the target, centre it in time and bring its row on screen
    let changed = false;
    for (let c = contById.get(contById.get(container).parent); c; c = contById.get(c.parent)) {
      if (collapsed.delete(c.id)) changed = true;
    }
    if (changed) { layoutRows(); }
    focusMark = { container, time };
    model.focus = { container, time };
    const w = span();
    setView(time - w / 2, time + w / 2, { immediate: true });
    const r = displayRow(container);
    if (r && (r.y < scrollY || r.y + r.h > scrollY + plotH)) setScroll(r.y - plotH / 3);
    renderTree();
    draw();
  }

  // ---- problems -------------------------------------------------------------------------------
  function renderProblems(list) {
    const box = $('problems');
    if (!list || !list.length) { box.hidden = true; return; }
    box.hidden = false;
    const items = list.map((p) => `<li><span class="loc">${esc(p.file || '?')}:${esc(p.line ?? '?')}</span>: ${esc(p.message)}`
      + (p.text ? `<pre>${esc(p.text)}</pre>` : '') + '</li>').join('');
    box.innerHTML = `<h2>${list.length} problem${list.length > 1 ? 's' : ''} in the trace — the viewer shows what could be read</h2><ol>${items}</ol>`;
  }

  // ---- sizes ----------------------------------------------------------------------------------
  function resize() {
    dpr = window.devicePixelRatio || 1;
    const w = Math.max(10, plot.clientWidth), h = Math.max(10, plot.clientHeight);
    const widthChanged = w !== plotW;
    plotW = w; plotH = h;
    for (const c of [canvas, overlay]) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    hatch = makeHatch('rgba(255,255,255,0.55)');
    hatchDark = makeHatch('rgba(0,0,0,0.25)');
    if (!meta) return;
    setScroll(scrollY);
    renderTree();
    draw();
    drawRuler();
    drawOverview();
    scheduleFetch();
    if (widthChanged) fetchOverview();
  }

  function updateInputs() {
    const res = span() / Math.max(1, plotW) / 10;
    for (const [id, v] of [['in-start', view.start], ['in-end', view.end]]) {
      const el = $(id);
      if (document.activeElement !== el) { el.value = U.formatTime(v, res); el.classList.remove('invalid'); }
    }
  }

  // ---- events ---------------------------------------------------------------------------------
  function wire() {
    new ResizeObserver(() => resize()).observe(plot);
    window.addEventListener('resize', () => { drawRuler(); drawOverview(); });

    plot.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      const mul = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? plotH : 1;
      const rect = plot.getBoundingClientRect();
      const mx = ev.clientX - rect.left;
      if (ev.shiftKey) { setScroll(scrollY + (ev.deltaY || ev.deltaX) * mul); return; }
      if (Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) { pan((ev.deltaX * mul) / plotW); return; }
      const f = Math.exp(Math.max(-1, Math.min(1, ev.deltaY * mul * 0.002)));
      zoomAt(tOf(mx), f);
    }, { passive: false });
    tree.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      setScroll(scrollY + ev.deltaY * (ev.deltaMode === 1 ? 16 : 1));
    }, { passive: false });
    vscroll.addEventListener('scroll', () => setScroll(vscroll.scrollTop));

    let drag = null;
    plot.addEventListener('mousedown', (ev) => {
      if (ev.button !== 0) return;
      ev.preventDefault();
      drag = { x: ev.clientX, y: ev.clientY, start: view.start, end: view.end, scrollY, moved: false };
    });
    window.addEventListener('mousemove', (ev) => {
      const rect = plot.getBoundingClientRect();
      const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
      if (drag) {
        const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < 4) return;
        drag.moved = true;
        plot.classList.add('dragging');
        setHover(null);
        const d = (-dx / plotW) * (drag.end - drag.start);
        setView(drag.start + d, drag.end + d);
        setScroll(drag.scrollY - dy);
        return;
      }
      if (mx < 0 || my < 0 || mx > plotW || my > plotH) { if (hover) setHover(null); return; }
      setHover(hitTest(mx, my), mx, my);
    });
    window.addEventListener('mouseup', (ev) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      plot.classList.remove('dragging');
      if (d.moved) { clearTimeout(historyTimer); commitHistory(); return; }
      const rect = plot.getBoundingClientRect();
      const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
      const h = hitTest(mx, my);
      if (h) inspect(h, tOf(mx));
    });
    plot.addEventListener('mouseleave', () => { if (!drag) setHover(null); });

    // overview: click or drag to move the view there
    let ovDrag = false;
    const ovMove = (ev) => {
      const rect = overview.getBoundingClientRect();
      const t = traceStart + ((ev.clientX - rect.left) / rect.width) * (traceEnd - traceStart);
      const w = span();
      setView(t - w / 2, t + w / 2);
    };
    overview.addEventListener('mousedown', (ev) => { ovDrag = true; ovMove(ev); ev.preventDefault(); });
    window.addEventListener('mousemove', (ev) => { if (ovDrag) ovMove(ev); });
    window.addEventListener('mouseup', () => { ovDrag = false; });

    const full = () => setView(traceStart, traceEnd, { immediate: true });
    $('btn-start').onclick = () => { const w = span(); setView(traceStart, traceStart + w, { immediate: true, keepStart: true }); };
    $('btn-end').onclick = () => { const w = span(); setView(traceEnd - w, traceEnd, { immediate: true }); };
    $('btn-left').onclick = () => { const w = span(); setView(view.start - w / 2, view.end - w / 2, { immediate: true }); };
    $('btn-right').onclick = () => { const w = span(); setView(view.start + w / 2, view.end + w / 2, { immediate: true }); };
    $('btn-in').onclick = () => setView(view.start, view.start + span() / 2, { immediate: true, keepStart: true });
    $('btn-out').onclick = () => setView(view.start, view.start + span() * 2, { immediate: true, keepStart: true });
    $('btn-all').onclick = full;
    $('btn-back').onclick = () => goHistory(-1);
    $('btn-forward').onclick = () => goHistory(1);
    $('range').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const a = U.parseTime($('in-start').value), b = U.parseTime($('in-end').value);
      $('in-start').classList.toggle('invalid', !isFinite(a));
      $('in-end').classList.toggle('invalid', !isFinite(b) || !(b > a));
      if (isFinite(a) && isFinite(b) && b > a) {
        document.activeElement.blur();
        setView(a, b, { immediate: true, keepStart: true });
        updateInputs();
      }
    });
    for (const id of ['in-start', 'in-end']) {
      $(id).addEventListener('change', () => $('range').requestSubmit());
    }

    document.addEventListener('keydown', (ev) => {
      if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA')) return;
      if (ev.ctrlKey || ev.metaKey) return;
      const k = ev.key;
      let used = true;
      if (ev.altKey && k === 'ArrowLeft') goHistory(-1);
      else if (ev.altKey && k === 'ArrowRight') goHistory(1);
      else if (k === 'ArrowLeft' || k === 'a' || k === 'A') pan(-0.1);
      else if (k === 'ArrowRight' || k === 'd' || k === 'D') pan(0.1);
      else if (k === 'ArrowUp' || k === 'w' || k === 'W') setScroll(scrollY - 40);
      else if (k === 'ArrowDown' || k === 's' || k === 'S') setScroll(scrollY + 40);
      else if (k === '+' || k === '=') zoomAt((view.start + view.end) / 2, 0.5);
      else if (k === '-' || k === '_') zoomAt((view.start + view.end) / 2, 2);
      else if (k === '0') full();
      else if (k === 'Home') $('btn-start').click();
      else if (k === 'End') $('btn-end').click();
      else if (k === 'Escape') { $('inspector').hidden = true; focusMark = null; model.focus = null; drawOverlay(); }
      else used = false;
      if (used) ev.preventDefault();
    });
    window.addEventListener('hashchange', () => { if (location.hash !== lastHash) applyHash(false); });
  }

  // ---- start ----------------------------------------------------------------------------------
  async function main() {
    wire();
    try {
      meta = await getJson('/api/meta');
    } catch (e) {
      const m = $('message');
      m.hidden = false;
      m.textContent = `Could not load the trace: ${e.message}`;
      model.error = String(e.message);
      document.body.setAttribute('data-ready', '1');
      return;
    }
    model.meta = meta;
    document.title = `${meta.name} — paje view`;
    $('trace-name').textContent = meta.name;
    renderProblems(meta.problems);
    traceStart = meta.start;
    traceEnd = meta.end > meta.start ? meta.end : meta.start + 1;
    view.start = traceStart;
    view.end = traceEnd;
    buildContainers();
    if (!meta.containers.length) {
      const m = $('message');
      m.hidden = false;
      m.textContent = 'This trace has no containers to show.';
    }
    resize();
    applyHash(true);
    commitHistory();
    fetchOverview();
  }
  main();
})();
