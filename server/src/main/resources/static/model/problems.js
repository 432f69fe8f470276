// The trace's problems grouped by kind for the problems panel (ui/problems.js): a kind is the message with
// what varies from line to line, the quoted text (names, values), blanked: a hundred "unknown container 'x'"
// are one kind. Bare numbers stay: the reader's messages quote what they found and spell out what they expect.

/** The kind of a problem's message: quoted text becomes '…'. */
export function problemKind(/** @type {string} */ message) {
  return String(message || '').replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"');
}

/**
 * Problems by kind, the most frequent first (then in order of first appearance), each with its problems
 * in file order: [{kind, problems: [...]}].
 */
export function groupProblems(/** @type {any[]} */ list) {
  const groups = new Map();
  (list || []).forEach((p, i) => {
    const k = problemKind(p.message);
    if (!groups.has(k)) groups.set(k, { kind: k, first: i, problems: [] });
    groups.get(k).problems.push(p);
  });
  return [...groups.values()].sort((a, b) => b.problems.length - a.problems.length || a.first - b.first)
    .map(({ kind, problems }) => ({ kind, problems }));
}
