// `npm run build:server`: the server bundle `npm start` runs, built when its sources changed
// (scripts/lib.mjs ensureServerBuilt). The benchmarks and the start test build it this way.
import { ensureServerBuilt } from './lib.mjs';

ensureServerBuilt();
