// The time ruler above the plot and the overview strip of the whole trace.

import { U, $, S, view, ruler, overview, model, span, snap, valueColor, isHidden, hidden, custom, xOf } from '../model/state.js';
import { axis, axisTicks, durationText, timeText } from '../model/timeaxis.js';
import { rctx, ovctx } from './surface.js';
import { drawRulerAnnotations } from './annotations.js';
import { drawRulerCuts } from './cuts.js';

export function drawRuler() {
  const W = ruler.clientWidth, H = ruler.clientHeight;
  if (ruler.width !== Math.round(W * S.dpr) || ruler.height !== Math.round(H * S.dpr)) {
    ruler.width = Math.round(W * S.dpr); ruler.height = Math.round(H * S.dpr);
  }
  rctx.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  rctx.clearRect(0, 0, W, H);
  rctx.fillStyle = '#fff';
  rctx.fillRect(0, 0, W, H);
  const tk = axisTicks(view.start, view.end, W, 90);
  const X = (t) => (xOf(t) * W) / S.plotW;
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
  drawRulerCuts(rctx, W, H, X); // over the minor ticks that fall inside
  $('corner-text').textContent = tk.relative ? `t₀ = ${timeText(tk.base, tk.step / 10)}` : `${durationText(span())} shown${axis.folds.length ? ' (gaps cut)' : ''}`;
  model.ruler = tk.ticks.map((k) => k.label);
  drawRulerAnnotations();
}

// The overview's data layer is drawn once into an offscreen canvas and reused while only the view
// moves: redrawing every container's states on each pan step made panning stutter (PanTiming).
const layer = { canvas: document.createElement('canvas'), key: null };

function dataLayer(W, H) {
  const od = S.overviewData;
  const key = [W, H, S.dpr, S.traceStart, S.traceEnd, [...hidden].sort().join(','), [...custom].map(([k, c]) => k + c).join(',')].join('|');
  if (layer.od === od && layer.key === key) return layer.canvas;
  layer.od = od;
  layer.key = key;
  const c = layer.canvas;
  c.width = Math.round(W * S.dpr);
  c.height = Math.round(H * S.dpr);
  const g = c.getContext('2d');
  g.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  g.fillStyle = '#eceae4';
  g.fillRect(0, 0, W, H);
  const full = S.traceEnd - S.traceStart;
  const X = (t) => ((t - S.traceStart) / full) * W;
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
          g.fillRect(X(it.start), y, Math.max(X(it.end) - X(it.start), 1 / S.dpr), Math.max(bh, 1 / S.dpr));
        }
        for (const s of st.summary || []) {
          if (s.level !== 0) continue;
          const t0 = od.start + s.px * od.pixel;
          let best = null;
          for (const [v, f] of s.values) if (!isHidden(st.type, v) && (!best || f > best[1])) best = [v, f];
          if (!best) continue;
          g.fillStyle = U.css(valueColor(st.type, best[0]));
          g.fillRect(X(t0), y, Math.max(X(t0 + od.pixel) - X(t0), 1 / S.dpr), Math.max(bh, 1 / S.dpr));
        }
      }
    });
  }
  return c;
}

export function drawOverview() {
  const W = overview.clientWidth, H = overview.clientHeight;
  if (!W || !H) return;
  if (overview.width !== Math.round(W * S.dpr) || overview.height !== Math.round(H * S.dpr)) {
    overview.width = Math.round(W * S.dpr); overview.height = Math.round(H * S.dpr);
  }
  const g = ovctx;
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, overview.width, overview.height);
  g.drawImage(dataLayer(W, H), 0, 0);
  g.setTransform(S.dpr, 0, 0, S.dpr, 0, 0);
  // the current view: dim what is outside, frame what is inside
  const full = S.traceEnd - S.traceStart;
  const X = (t) => ((t - S.traceStart) / full) * W;
  const a = X(view.start), b = X(view.end);
  g.fillStyle = 'rgba(36,41,47,0.45)';
  g.fillRect(0, 0, a, H);
  g.fillRect(b, 0, W - b, H);
  g.strokeStyle = '#1f6feb';
  g.lineWidth = 2;
  g.strokeRect(a + 1, 1, Math.max(2, b - a - 2), H - 2);
}
