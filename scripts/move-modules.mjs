// Moves server files or folders and rewrites every relative import that names them, in the product
// code, the tests, the benchmarks and the scripts: the layout's moves are done mechanically, not by
// hand (docs/decisions/layout-feature-folders.md).
// Usage: node scripts/move-modules.mjs <from> <to> [<from> <to> …]   (paths from the project's root)
// Each <from> is a file or a folder; <to> is its new path (a folder moves with all it holds). The moves
// are made with `git mv`, so that git sees renames. Rewritten: `import … from`, `export … from`,
// `import('…')`, `vi.mock('…')`, `vi.importActual('…')` and `new URL('…', import.meta.url)`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('usage: node scripts/move-modules.mjs <from> <to> [<from> <to> …]');
  process.exit(2);
}
const moves = [];
for (let i = 0; i < args.length; i += 2) {
  const from = path.resolve(root, args[i]);
  if (!existsSync(from)) throw new Error(`${args[i]} does not exist`);
  moves.push({ from, to: path.resolve(root, args[i + 1]) });
}

/** Where a path (file or folder) is after the moves. */
const moved = (p) => {
  for (const { from, to } of moves) {
    if (p === from) return to;
    if (p.startsWith(from + path.sep)) return to + p.slice(from.length);
  }
  return p;
};

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'migrations' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) files.push(p);
  }
};
for (const top of ['server', 'tests', 'bench', 'scripts', 'schemas'])
  if (existsSync(path.join(root, top))) walk(path.join(root, top));

/** The file or folder a specifier names, as it is before the moves (null when it is not found). */
const target = (dir, spec) => {
  const base = path.resolve(dir, spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`])
    if (existsSync(c)) return { path: base, found: c };
  return null;
};

const SPEC =
  /((?:^|\n)\s*(?:import|export)\s[^;]*?from\s+|import\(\s*|vi\.mock\(\s*|vi\.importActual(?:<[^>]*>)?\(\s*|new URL\(\s*|\n\s*import\s+)(['"])(\.[^'"]*)\2/g;
let changed = 0;
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const dir = path.dirname(file);
  const newDir = path.dirname(moved(file));
  const out = src.replace(SPEC, (all, head, quote, spec) => {
    const t = target(dir, spec);
    if (!t) return all;
    // A file named without its extension ('../config' for config.ts) moves as that file.
    const suffix = t.found.slice(t.path.length);
    const movedFound = moved(t.found);
    const newTarget = movedFound.slice(0, movedFound.length - suffix.length);
    if (newTarget === t.path && newDir === dir) return all;
    let rel = path.relative(newDir, newTarget).split(path.sep).join('/');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    if (spec.endsWith('/') && !rel.endsWith('/')) rel += '/';
    return `${head}${quote}${rel}${quote}`;
  });
  if (out !== src) {
    writeFileSync(file, out);
    changed++;
  }
}
for (const { from, to } of moves) {
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('git', ['mv', path.relative(root, from), path.relative(root, to)], { stdio: 'inherit' });
}
console.log(`${moves.length} moves, ${changed} files rewritten`);
