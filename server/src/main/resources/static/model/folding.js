// Gap folding's state (Poet's cut marks): whether idle gaps are folded, the least gap folded, the cuts opened.

import { U, span } from './state.js';

/** on: folding; threshold: the least gap folded, a share of the view ("10%") or a duration ("5 ms"); key: of the gaps fetched. */
export const folding = { on: false, threshold: '10%', key: '' };
/** [start, end] of cuts the user opened: not folded again. */
export const opened = /** @type {[number, number][]} */ ([]);

/** The least gap folded, in seconds. */
export function least() {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(folding.threshold);
  if (m) return (Number(m[1]) / 100) * span();
  const t = U.parseTime(folding.threshold);
  return t > 0 ? t : span() / 10;
}
