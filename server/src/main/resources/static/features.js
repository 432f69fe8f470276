// Wires the analysis features once the trace's shape is known: time slice and its statistics, marks,
// search and filters.

import { wireSlice } from './slice.js';
import { wireStats } from './stats-panel.js';
import { wireMarks } from './marks.js';
import { wireSearch } from './search.js';
import { wireRowsMenu } from './rows-menu.js';
import { wireCollectives } from './collectives.js';

export function wireFeatures() {
  wireStats();
  wireSlice();
  wireMarks();
  wireSearch();
  wireRowsMenu();
  wireCollectives();
}
