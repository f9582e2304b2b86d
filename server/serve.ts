import { run } from './runtime';

// The API and console alone; workers run elsewhere (`npm run worker`) against the same PostgreSQL.
await run({ api: true, worker: false });
