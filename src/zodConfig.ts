import { config } from 'zod';

// zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
// calling `Function('')`, which the page's policy (no 'unsafe-eval') refuses and reports as a
// violation. Its interpreted parsers give the same results: the probe is not made
// (docs/security.md, "What the browser is told"). Imported first by main.tsx, before any parse.
config({ jitless: true });
