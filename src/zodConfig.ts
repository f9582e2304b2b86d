// zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
// calling `Function('')`, which the page's policy (no 'unsafe-eval') refuses and reports as a
// violation. Its interpreted parsers give the same results: `jitless` makes it skip the probe
// (docs/security.md, "What the browser is told"). zod keeps its configuration on this global and
// takes one that is already there; set without importing zod, which the sign-in page does not load
// (its budget, bench/console-size.ts). Imported first by main.tsx, before any parse.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
