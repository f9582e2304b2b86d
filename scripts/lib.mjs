// Helpers for the two quick-start commands. Node built-ins only: they run before `npm ci`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
};

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/** Installs the npm dependencies when they are missing or older than the lock file. */
export const ensureDependencies = () => {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(1);
  }
};

const newestIn = (dir) => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
};

/** Builds the console when dist/ is missing or older than its sources. */
export const ensureConsoleBuilt = () => {
  const built = mtime(path.join(root, 'dist', 'index.html'));
  const sources = Math.max(
    newestIn(path.join(root, 'src')),
    newestIn(path.join(root, 'schemas')),
    mtime(path.join(root, 'index.html')),
    mtime(path.join(root, 'vite.config.ts')),
    mtime(path.join(root, 'package-lock.json')),
  );
  if (built > sources) return;
  console.log('Building the console (vite build)…');
  if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
    console.error('The console build failed: see the messages above.');
    process.exit(1);
  }
};

/**
 * The server bundle's entries (scripts/lib.mjs ensureServerBuilt): `npm start` runs main (API,
 * worker and console in one process), `npm run serve` and `npm run worker` the roles at scale.
 */
export const SERVER_ENTRIES = ['main', 'serve', 'worker'];
/** Entries the bundle has besides the roles: the pipeline threads' (server/pipeline-threads/pool.ts). */
const THREAD_ENTRIES = ['pipeline-thread'];
export const serverBundle = (entry) => path.join(root, 'dist-server', `${entry}.mjs`);

/**
 * Bundles the server (its entries and what they import; npm packages stay in node_modules) into
 * dist-server/ when it is missing or older than its sources. Run through tsx, every start loaded
 * some 300 TypeScript modules one by one through tsx's loader, about a second of the start; the
 * bundle is one file, with the parsers in chunks loaded at their first file (docs/decisions/platform-server-bundle.md).
 * Function names are kept as tsx keeps them, so the bundle behaves as the sources do.
 */
export const ensureServerBuilt = () => {
  const sources = Math.max(
    newestIn(path.join(root, 'server')),
    newestIn(path.join(root, 'schemas')),
    mtime(path.join(root, 'package-lock.json')),
  );
  const entries = [...SERVER_ENTRIES, ...THREAD_ENTRIES];
  if (Math.min(...entries.map((e) => mtime(serverBundle(e)))) > sources) return;
  // Chunks are named by their hash: a new build's replace the old ones, which go.
  fs.rmSync(path.join(root, 'dist-server'), { recursive: true, force: true });
  const status = run('npx', [
    'esbuild',
    ...entries.map((e) => `server/${e}.ts`),
    '--bundle',
    '--splitting',
    '--format=esm',
    '--platform=node',
    '--target=node20',
    '--packages=external',
    '--keep-names',
    '--sourcemap',
    '--outdir=dist-server',
    '--out-extension:.js=.mjs',
    '--chunk-names=chunks/[name]-[hash]',
    '--log-level=warning',
  ]);
  if (status !== 0) {
    console.error('The server build failed: see the messages above.');
    process.exit(1);
  }
};
