// `npm start`: install what is missing, build the console and the server if needed, then run the platform in one
// process (API + worker + console) on the embedded database in ./data. `npm run serve` (`start.mjs serve`) runs the
// API and console alone, `npm run worker` (`start.mjs worker`) the queue workers alone (DESIGN.md §2).
import { spawn } from 'node:child_process';
import {
  ensureConsoleBuilt,
  ensureDependencies,
  ensureServerBuilt,
  root,
  serverBundle,
  SERVER_ENTRIES,
} from './lib.mjs';

const entry = process.argv[2] ?? 'main';
if (!SERVER_ENTRIES.includes(entry)) {
  console.error(`Unknown role ${entry}: start.mjs runs ${SERVER_ENTRIES.join(', ')}.`);
  process.exit(64);
}
ensureDependencies();
if (entry !== 'worker') ensureConsoleBuilt();
ensureServerBuilt();

// Stack traces point at the TypeScript sources (the bundle's source map).
const child = spawn(process.execPath, ['--enable-source-maps', serverBundle(entry)], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
