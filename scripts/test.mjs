// `npm test`: every test — type check, lint, unit and API tests (vitest), end-to-end tests in
// Chromium (Playwright) — after installing what they need when it is missing (Debian's chromium,
// python3-sklearn, against which the testing centre's scores are cross-checked, and Dovecot, the
// IMAP server of the mail connectors' tests). With
// TEST_DATABASE_URL set, the API and end-to-end tests run on that PostgreSQL server.
// `npm test -- --database-only` runs only what touches a database (the server's tests and the
// end-to-end tests): CI's second run, on PostgreSQL, after a first that ran everything on PGlite —
// the type check, lint, the console's jsdom tests and the end-to-end tests tagged @console-only (its
// words, its downloads, its layout) give the same answer whatever the database.
import fs from 'node:fs';
import { ensureConsoleBuilt, ensureDependencies, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
const apt = (...args) =>
  run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });

const ensureChromium = () => {
  if (fs.existsSync(CHROMIUM)) return;
  console.log(`${CHROMIUM} is missing: installing Debian's chromium…`);
  if (
    apt('update', '-qq') !== 0 ||
    apt('install', '-y', '-qq', 'chromium') !== 0 ||
    !fs.existsSync(CHROMIUM)
  ) {
    console.error('Could not install chromium; install it (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
};

// Debian's interpreter, the one python3-sklearn installs into: a `python3` earlier on the PATH (pyenv,
// a virtualenv) does not see it.
const PYTHON = '/usr/bin/python3';
const hasSklearn = () => run(PYTHON, ['-c', 'import sklearn'], { stdio: 'ignore' }) === 0;

const ensureSklearn = () => {
  if (hasSklearn()) return;
  console.log(`${PYTHON} has no sklearn: installing Debian's python3-sklearn…`);
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', 'python3-sklearn') !== 0 || !hasSklearn()) {
    console.error('Could not install python3-sklearn; install it (apt-get install python3-sklearn).');
    process.exit(1);
  }
};

// Debian's Dovecot (IMAP and LMTP): the mail connectors' tests run against a real IMAP server.
const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const hasDovecot = () => fs.existsSync(DOVECOT) && fs.existsSync('/usr/lib/dovecot/lmtp');

const ensureDovecot = () => {
  if (hasDovecot()) return;
  console.log("Dovecot is missing: installing Debian's dovecot-imapd and dovecot-lmtpd…");
  if (
    apt('update', '-qq') !== 0 ||
    apt('install', '-y', '-qq', 'dovecot-imapd', 'dovecot-lmtpd') !== 0 ||
    !hasDovecot()
  ) {
    console.error('Could not install Dovecot; install it (apt-get install dovecot-imapd dovecot-lmtpd).');
    process.exit(1);
  }
};

ensureDependencies();
ensureChromium();
ensureSklearn();
ensureDovecot();

const databaseOnly = process.argv.includes('--database-only');
const steps = databaseOnly
  ? [
      ['server unit and API tests', 'npx', ['vitest', 'run', '--project', 'server']],
      // The end-to-end tests whose answer does not depend on the database ran in the first run.
      ['end-to-end tests', 'npx', ['playwright', 'test', '--grep-invert', '@console-only']],
    ]
  : [
      ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
      ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
      ['unit and API tests', 'npx', ['vitest', 'run']],
      ['end-to-end tests', 'npx', ['playwright', 'test']],
    ];
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`Testing against ${database}${databaseOnly ? ', the tests that touch a database only' : ''}.`);
const results = [];
for (const [name, command, args] of steps) {
  if (name === 'end-to-end tests') ensureConsoleBuilt();
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = run(command, args);
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
const skipped = steps.length - results.length;
console.log(`${results.length - failed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
