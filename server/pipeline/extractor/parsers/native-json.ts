/**
 * pdf.js's legacy build carries core-js, which on Node 20 (no `JSON.rawJSON`) replaces JSON.parse
 * and JSON.stringify of the whole process with JavaScript versions, once when pdf.js loads and once
 * when its worker module does. From the first PDF on, every JSON of the process (pg's jsonb
 * columns, the worker's results, Fastify's answers) cost about ten times more: 0.4 ms of the
 * queue's cost per 4 KB email. The native functions are kept here, from before pdf.js is ever
 * loaded (pdf.ts imports this module statically, pdf.js only dynamically), and put back after it.
 * Node's own are spec-conformant: nothing pdf.js does needs the replacements.
 */
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;

/** Puts the native JSON functions back if a module replaced them. */
export const restoreNativeJson = () => {
  if (JSON.parse !== nativeParse) JSON.parse = nativeParse;
  if (JSON.stringify !== nativeStringify) JSON.stringify = nativeStringify;
};
