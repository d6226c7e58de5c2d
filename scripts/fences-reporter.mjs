/**
 * dependency-cruiser reporter for `npm run lint:fences` (decision 0021): prints the rule violations
 * that are not in .dependency-cruiser-known-violations.json, and checks what dependency-cruiser's folder
 * rules cannot: import rings between whole server modules (src/server/modules/<name>/**) and whole web
 * features (src/web/features/<name>/**), sub-folders included. Exit code 1 on any new violation or ring.
 *
 * @param {import('dependency-cruiser').ICruiseResult} result
 * @returns {import('dependency-cruiser').IReporterOutput}
 */
export default function fencesReporter(result) {
  const lines = [];
  const fresh = result.summary.violations.filter((v) => v.rule.severity !== 'ignore');
  for (const v of fresh) lines.push(`error ${v.rule.name}: ${v.from} → ${v.to}`);

  const rings = [
    ...ringsOf(result.modules, /^src\/server\/modules\/([^/.]+)\//, 'server modules'),
    ...ringsOf(result.modules, /^src\/web\/features\/([^/.]+)\//, 'web features'),
  ];
  lines.push(...rings);

  const known = result.summary.ignore ?? 0;
  lines.push(
    `fences: ${result.summary.totalCruised} files, ${fresh.length} new violation(s), ${rings.length} ring(s) between modules or features; ${known} known violation(s) left to move behind an index.ts`,
  );
  return { output: `${lines.join('\n')}\n`, exitCode: fresh.length || rings.length ? 1 : 0 };
}

/**
 * Strongly connected groups (Tarjan) of the graph whose nodes are the first folder `pattern` captures:
 * each group of two or more is a ring, reported with the imports that tie it.
 */
function ringsOf(modules, pattern, what) {
  const nameOf = (path) => pattern.exec(path)?.[1] ?? null;
  const edges = new Map();
  const examples = new Map();
  for (const m of modules) {
    const from = nameOf(m.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const d of m.dependencies) {
      const to = nameOf(d.resolved);
      if (!to || to === from) continue;
      edges.get(from).add(to);
      if (!edges.has(to)) edges.set(to, new Set());
      if (!examples.has(`${from}>${to}`)) examples.set(`${from}>${to}`, `${m.source} → ${d.resolved}`);
    }
  }
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((g) => {
    const ties = [];
    for (const a of g) for (const b of g) if (examples.has(`${a}>${b}`)) ties.push(`    ${examples.get(`${a}>${b}`)}`);
    return `error ring between ${what}: ${g.join(', ')}\n${ties.join('\n')}`;
  });
}
