// `npm start`: install what is missing, build the console if needed, then run the platform in one
// process (API + worker + console) on the embedded database in ./data.
import { spawn } from 'node:child_process';
import { ensureConsoleBuilt, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
ensureConsoleBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
