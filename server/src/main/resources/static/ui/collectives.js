// The collectives toggle: the toolbar button and key O (ui/input.js), kept in the hash (coll=1).

import { $ } from '../model/state.js';
import { coll, setCollectivesOn } from '../model/collectives.js';
import { registerHashPart } from '../model/hash-parts.js';
import { registerFeature } from '../model/registry.js';
import { invalidate } from '../model/scheduler.js';
import { changed } from '../model/store.js';

export function toggleCollectives(on = !coll.on) {
  setCollectivesOn(on);
  showState();
  invalidate('paint', 'fetch');
  changed('axis');
}

function showState() {
  const b = $('btn-coll');
  if (b) b.classList.toggle('on', coll.on);
}

registerFeature({
  name: 'collectives',
  wire: () => {
    $('btn-coll').onclick = () => toggleCollectives();
    showState();
  },
});

registerHashPart({
  write: () => (coll.on ? 'coll=1' : ''),
  read: (h) => { const on = h.coll === '1'; if (on !== coll.on) setCollectivesOn(on); showState(); },
});
