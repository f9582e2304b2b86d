// A pipeline thread run from the sources (tests, `npm run dev`): tsx compiles its TypeScript. The
// server bundle starts dist-server/pipeline-thread.mjs instead (pool.ts threadEntry).
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
