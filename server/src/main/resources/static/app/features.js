// The features and panels of the page: each registers itself (model/registry.js) when loaded; this list only
// loads them, in the order they are wired. A new panel is one more line here, and nothing else in app/.

import '../ui/stats-panel.js';
import '../ui/slice.js';
import '../ui/marks.js';
import '../ui/search.js';
import '../ui/rows-menu.js';
import '../ui/collectives.js';
import '../ui/export.js';
import '../ui/query.js';
import '../ui/viewports.js'; // the second viewport (split), or this page being it: wired when loaded
