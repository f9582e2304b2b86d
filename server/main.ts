import { run } from './runtime';

// One process: API, console and workers, on the embedded database by default.
await run({ api: true, worker: true });
