// `npm start`: install what is missing, build the console and the server if needed, then run the platform in one
// process (API + worker + console) on the embedded database in ./data.
import { spawn } from 'node:child_process';
import { ensureConsoleBuilt, ensureDependencies, ensureServerBuilt, root, SERVER_BUNDLE } from './lib.mjs';

ensureDependencies();
ensureConsoleBuilt();
ensureServerBuilt();

// Stack traces point at the TypeScript sources (the bundle's source map).
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
