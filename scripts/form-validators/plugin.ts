import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const ID = 'virtual:form-validators';
const RESOLVED = `\0${ID}`;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * `virtual:form-validators`: the console forms' validators compiled at build time
 * (generate.ts, run in its own Node process, which loads the schemas with tsx), so that the page's
 * Content-Security-Policy needs no 'unsafe-eval' (docs/security.md, "What the browser is told").
 * The code is made as the configuration is read, not when a form first asks for it: a first form
 * (a unit test's, a dev page's) does not wait the seconds it takes.
 */
export const formValidators = (): Plugin => {
  let code: Promise<string> | undefined;
  const generate = () =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', here('./stub.mjs'), here('./generate.ts')],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    ).then(({ stdout }) => stdout);
  return {
    name: 'form-validators',
    configResolved() {
      code ??= generate();
      // Awaited by `load`; an unawaited failure must not end the process before it says why.
      code.catch(() => undefined);
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? (code ??= generate()) : undefined),
  };
};
