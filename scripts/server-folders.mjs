// The import graph of the server's top-level parts (`server/<folder>/…` as `<folder>/`, a file
// directly under server/ by its name), read from the product code's import lines (tests left out:
// they may reach anywhere). Features stack over the kernel: no part may import another that leads
// back to it (docs/decisions/layout-feature-folders.md). Used by the lint's `server/no-folder-cycle`
// rule (eslint.config.js) and by server/layout.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g;

const productFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === 'node_modules' ? [] : productFiles(p);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.(test|spec)\.[mc]?tsx?$/.test(entry.name) ? [p] : [];
  });

/** Whether a file is product code of the server (not a test), the files the graph is made of. */
export const isServerProductFile = (root, file) =>
  file.startsWith(path.join(root, 'server') + path.sep) && !/\.(test|spec)\.[mc]?tsx?$/.test(file);

/** The part of the server a file belongs to, or undefined outside server/. */
export const serverPartOf = (root, file) => {
  const server = path.join(root, 'server');
  if (!file.startsWith(server + path.sep)) return undefined;
  const parts = path.relative(server, file).split(path.sep);
  return parts.length > 1 ? `${parts[0]}/` : parts[0].replace(/\.(ts|tsx|mts|mjs)$/, '');
};

/** The part a relative import of `file` lands in, or undefined when it leaves server/. */
export const importedPart = (root, file, specifier) =>
  specifier.startsWith('.') ? serverPartOf(root, path.resolve(path.dirname(file), specifier)) : undefined;

/** Which parts each part imports: Map<part, Set<part>>. */
export const serverImports = (root) => {
  const edges = new Map();
  for (const file of productFiles(path.join(root, 'server'))) {
    const from = serverPartOf(root, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = importedPart(root, file, specifier);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
};

/** A shortest chain of imports from one part to another (both included), or undefined. */
export const importChain = (edges, from, to) => {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const part = queue.shift();
    if (part === to) {
      const chain = [];
      for (let p = to; p !== undefined; p = previous.get(p)) chain.unshift(p);
      return chain;
    }
    for (const next of edges.get(part) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, part);
        queue.push(next);
      }
    }
  }
  return undefined;
};

/** The groups of parts that import each other in a circle, each sorted (Tarjan's algorithm). */
export const cycles = (edges) => {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
};

let graph;

/**
 * ESLint rule: a relative import from one server part into another that leads back to the first
 * fails, naming the chain. The graph is read from disk once per lint run, the linted file's own
 * imports taken from the file as linted.
 */
export const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No server folder imports another that leads back to it' },
    schema: [],
    messages: {
      cycle:
        '{{from}} imports {{to}}, which leads back to it ({{chain}}): move what both need into the lower one (docs/decisions/layout-feature-folders.md)',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = serverPartOf(root, file);
    if (!from || !isServerProductFile(root, file)) return {};
    graph ??= serverImports(root);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const to = importedPart(root, file, specifier);
      if (!to || to === from) return;
      const back = importChain(graph, to, from);
      if (back)
        context.report({ node, messageId: 'cycle', data: { from, to, chain: [from, ...back].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
