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
