/**
 * pdf.js's legacy build carries core-js, which on Node 20 replaces built-ins of the whole process
 * with JavaScript versions, once when pdf.js loads and once when its worker module does: JSON.parse
 * and JSON.stringify (Node 20 has no `JSON.rawJSON`), Array.prototype.push (a V8 ≤ 12.1 edge case
 * of lengths past 2³²) and Function.prototype.toString (to make those look native). From the first
 * PDF on, every JSON of the process (pg's jsonb columns, the worker's results, Fastify's answers)
 * cost about ten times more, and every push a function call: 0.4 ms of the queue's cost per 4 KB
 * email. The native functions are kept here, from before pdf.js is ever loaded (pdf.ts imports
 * this module statically, pdf.js only dynamically), and put back after it. Node's own are
 * spec-conformant for everything pdf.js does; what core-js adds (Promise.withResolvers, Set
 * methods…) stays, pdf.js needs it.
 */
const natives: [object, PropertyKey, unknown][] = [
  [JSON, 'parse', JSON.parse],
  [JSON, 'stringify', JSON.stringify],
  [Array.prototype, 'push', Array.prototype.push],
  [Function.prototype, 'toString', Function.prototype.toString],
];

/** Puts the native built-ins back where a module replaced them. */
export const restoreNativeBuiltins = () => {
  for (const [owner, key, native] of natives) {
    if ((owner as Record<PropertyKey, unknown>)[key] !== native) {
      Object.defineProperty(owner, key, {
        value: native,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
  }
};
