// A second viewport on the same trace (JED's task groups): the page's modules are one view per document, so the
// second viewport is another instance of this page in an iframe, below or beside the first, with its own time
// window, rows and ruler. The first keeps the second's hash in its own (split=...), so a bookmark restores both.

import { $, S, view, model } from '../model/state.js';
import { registerHashPart } from '../model/hash-parts.js';
import { setView } from '../model/view.js';
import { changed } from '../model/store.js';
import { withHashPart } from '../util/hash.js';
import { IS_SECOND, watchHashWrites, isLogical, sameView, wireSecondViewport } from './viewport-frame.js';
import { wireTaskGroups } from './task-group.js';
import { inTextField } from './keys.js';

const DEFAULT_SIZE = 45; // % of the height (below) or width (beside) given to the second viewport
const split = { frame: null, bar: null, hash: '', dir: 'below', linked: false, size: DEFAULT_SIZE, received: null, sent: null };

function publish() {
  model.split = { open: !!split.frame, dir: split.dir, linked: split.linked, size: split.size, hash: split.hash };
  $('btn-split').classList.toggle('on', !!split.frame);
  for (const id of ['btn-split-dir', 'btn-split-link', 'btn-split-close']) $(id).hidden = !split.frame;
  $('btn-split-dir').classList.toggle('on', split.dir === 'beside');
  $('btn-split-link').classList.toggle('on', split.linked);
}

function layout() {
  const b = document.body;
  b.classList.toggle('split-below', !!split.frame && split.dir === 'below');
  b.classList.toggle('split-beside', !!split.frame && split.dir === 'beside');
  b.style.setProperty('--split-size', `${split.size}%`);
  publish();
}

/** The first viewport's own hash without the split's parts: where a new second viewport starts. */
const ownHash = () => location.hash.replace(/^#/, '').split('&').filter((kv) => kv && !kv.startsWith('split')).join('&');

/** Opens the second viewport on hash (or moves the open one there). */
export function openSplit(hash, fromHash) {
  split.hash = hash;
  if (!split.frame) {
    split.bar = document.createElement('div');
    split.bar.id = 'split-bar';
    split.bar.title = 'Drag to resize the viewports';
    split.bar.addEventListener('mousedown', startResize);
    split.frame = document.createElement('iframe');
    split.frame.id = 'split-frame';
    split.frame.name = 'paje-viewport-2';
    split.frame.title = 'Second viewport';
    split.frame.src = `${location.pathname}?viewport=2#${hash}`;
    document.body.append(split.bar, split.frame);
  } else {
    const w = split.frame.contentWindow;
    if (w && w.location.hash.replace(/^#/, '') !== hash) w.location.hash = hash;
  }
  layout();
  changed('split', { fromHash });
}

export function closeSplit(fromHash) {
  if (!split.frame) return;
  split.frame.remove();
  split.bar.remove();
  split.frame = split.bar = null;
  split.hash = '';
  layout();
  changed('split', { fromHash });
}

const toggleSplit = () => (split.frame ? closeSplit() : S.meta && openSplit(ownHash()));

function postView() {
  if (!split.frame || !split.linked) return;
  split.sent = [view.start, view.end];
  split.frame.contentWindow.postMessage({ paje: true, type: 'view', view: [view.start, view.end], logical: isLogical(location.hash) },
    location.origin);
}

function setLinked(on) {
  split.linked = on;
  split.received = split.sent = null;
  postView(); // the second viewport joins the first's time window
  publish();
  changed('split');
}

function setDir(dir) { split.dir = dir; layout(); changed('split'); }

function startResize(ev) {
  ev.preventDefault();
  document.body.classList.add('split-resizing'); // the iframe would swallow the mouse moves
  const main = $('main').getBoundingClientRect();
  const move = (e) => {
    const f = split.dir === 'below' ? (window.innerHeight - e.clientY) / (window.innerHeight - main.top) : (window.innerWidth - e.clientX) / window.innerWidth;
    split.size = Math.round(Math.max(15, Math.min(85, f * 100)));
    layout();
  };
  const up = () => {
    document.body.classList.remove('split-resizing');
    window.removeEventListener('mousemove', move);
    window.removeEventListener('mouseup', up);
    changed('split');
  };
  window.addEventListener('mousemove', move);
  window.addEventListener('mouseup', up);
}

function onMessage(ev) {
  const d = ev.data;
  if (!split.frame || ev.source !== split.frame.contentWindow || ev.origin !== location.origin || !d || !d.paje) return;
  if (d.type === 'hash') { split.hash = d.hash; publish(); changed('split'); }
  else if (d.type === 'close') closeSplit();
  else if (d.type === 'view' && split.linked && d.logical === isLogical(location.hash)) {
    split.received = d.view;
    setView(d.view[0], d.view[1], { immediate: true });
  }
}

function wireFirstViewport() {
  registerHashPart({
    write: () => (split.frame ? [`split=${encodeURIComponent(split.hash)}`, split.dir === 'beside' ? 'splitdir=beside' : '',
      split.linked ? 'splitlink=1' : '', split.size !== DEFAULT_SIZE ? `splitsize=${split.size}` : ''].filter(Boolean).join('&') : ''),
    read: (h) => {
      split.dir = h.splitdir === 'beside' ? 'beside' : 'below';
      split.linked = h.splitlink === '1';
      split.size = Math.max(15, Math.min(85, Number(h.splitsize) || DEFAULT_SIZE));
      if (h.split == null) closeSplit(true); else openSplit(h.split, true);
    },
  });
  // while linked, each change of the first's window goes to the second, unless it came from there
  watchHashWrites(() => {
    const v = [view.start, view.end];
    if (!sameView(v, split.received) && !sameView(v, split.sent)) postView();
  });
  window.addEventListener('message', onMessage);
  $('btn-split').onclick = toggleSplit;
  $('btn-split-close').onclick = () => closeSplit();
  $('btn-split-dir').onclick = () => setDir(split.dir === 'below' ? 'beside' : 'below');
  $('btn-split-link').onclick = () => setLinked(!split.linked);
  document.addEventListener('keydown', (ev) => {
    if (inTextField(ev)) return;
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && (ev.key === 'v' || ev.key === 'V')) { ev.preventDefault(); toggleSplit(); }
  });
  wireTaskGroups({
    isOpen: () => !!split.frame,
    secondHash: () => split.hash,
    open: (hiddenRows) => openSplit(withHashPart(split.frame ? split.hash : ownHash(), 'hiddenrows', hiddenRows)),
  });
  publish();
}

if (IS_SECOND) wireSecondViewport(); else wireFirstViewport();
