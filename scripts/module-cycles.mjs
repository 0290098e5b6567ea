// Modules in one direction (docs/architecture.md): the import graph between the API's modules
// (apps/api/src/modules/<module>) and the ESLint rule that refuses an import closing a cycle.
// `node scripts/module-cycles.mjs` prints the graph's edges.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MODULES_DIR = fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));

const SOURCE = /\.(ts|tsx|js|mjs)$/;
/** Tests may reach across modules for their fixtures: they are not the modules' code. */
const isTest = (file) => /\.test\.[a-z]+$/.test(file);

/** The module a file belongs to (the first folder under `modulesDir`), or null outside it. */
export function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.includes(path.sep)) return null;
  return relative.split(path.sep)[0];
}

/** The module a relative import of `file` lands in, or null (a package, a file outside the modules). */
export function targetOf(modulesDir, file, specifier) {
  if (!specifier.startsWith('.')) return null;
  return moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !isTest(entry.name) ? [full] : [];
  });
}

/**
 * Every module's imports of other modules: module → (imported module → the
 * files that import it). Type-only imports count: they tie the modules too.
 */
export function moduleGraph(modulesDir = MODULES_DIR) {
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const to = targetOf(modulesDir, file, fileName);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, new Set());
      edges.get(to).add(path.relative(modulesDir, file));
    }
  }
  return graph;
}

/**
 * Imports that close a cycle, tolerated for now: none. A module that needs
 * another's part takes it through AppContext (src/order-hooks.ts,
 * src/personal-data.ts); module-cycles.test.mjs fails as soon as an entry
 * here is no longer needed.
 */
export const KNOWN_CYCLES = {};

const excused = (known, from, to) => (known[from] ?? []).includes(to);

/** The modules on a path of imports from `from` to `to` (known exceptions left out), or null. */
export function pathBetween(graph, from, to, known = {}) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const path = [];
      for (let m = to; m !== null; m = cameFrom.get(m)) path.unshift(m);
      return path;
    }
    for (const next of (graph.get(at) ?? new Map()).keys()) {
      if (cameFrom.has(next) || excused(known, at, next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

/** Each import closing a cycle, as `a -> b (b -> ... -> a)`; known exceptions left out. */
export function cyclesOf(graph, known = {}) {
  return [...graph].flatMap(([from, edges]) =>
    [...edges.keys()].flatMap((to) => {
      if (excused(known, from, to)) return [];
      const back = pathBetween(graph, to, from, known);
      return back ? [`${from} -> ${to} (${back.join(' -> ')})`] : [];
    }),
  );
}

/** Known exceptions that no longer happen: time to delete them from the list. */
export function staleExceptions(graph, known) {
  return Object.entries(known).flatMap(([from, tos]) =>
    tos.filter((to) => !graph.get(from)?.has(to)).map((to) => `${from} -> ${to}`),
  );
}

/**
 * The ESLint rule: an import from one module of apps/api/src/modules into
 * another that already reaches the first is refused, at the import; the
 * imports of `known` (KNOWN_CYCLES) are let through.
 */
export function moduleCyclesRule({ modulesDir = MODULES_DIR, known = KNOWN_CYCLES } = {}) {
  let graph;
  return {
    meta: {
      type: 'problem',
      docs: { description: 'API modules import one another in one direction (docs/architecture.md)' },
      schema: [],
      messages: {
        cycle:
          'modules/{{from}} imports modules/{{to}}, which already reaches modules/{{from}} ({{path}}): ' +
          'modules import one another in one direction. Let one own the rule and hand the other what it ' +
          'needs, or listen to its event (docs/architecture.md).',
      },
    },
    create(context) {
      const file = context.filename;
      const from = moduleOf(modulesDir, file);
      if (!from || isTest(file)) return {};
      graph ??= moduleGraph(modulesDir);
      const check = (source) => {
        if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
        const to = targetOf(modulesDir, file, source.value);
        if (!to || to === from || excused(known, from, to)) return;
        const back = pathBetween(graph, to, from, known);
        if (back) context.report({ node: source, messageId: 'cycle', data: { from, to, path: back.join(' -> ') } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [from, edges] of [...moduleGraph()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, files] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`${from} -> ${to}  (${files.size} file${files.size === 1 ? '' : 's'})`);
    }
  }
}
