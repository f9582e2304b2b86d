import { run } from './runtime';

// Queue workers alone: any number of these may run on any machines sharing DATABASE_URL.
await run({ api: false, worker: true });
