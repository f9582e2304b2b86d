/**
 * Compares this tree's product with a commit's, by runs of a benchmark suite that alternate
 * between the two: on this 2-core machine two runs of the same code differ by up to 30 %, so only
 * alternated runs, several of each, say what a change did (docs/decisions/platform-benchmark-method.md).
 *
 *   npx tsx bench/alternate.ts <commit> [rounds = 3] [suite = http]
 *
 * The commit is checked out in a temporary worktree that uses this tree's node_modules (a commit
 * whose dependencies differ needs its own `npm ci` there instead). Both products are measured by
 * this tree's benchmark code, each built and started from its own tree, so that a change to the
 * benchmark itself does not pass for a change of the product. The environment passes through
 * (BENCH_HTTP_DB, BENCH_DATABASE_URL …). Prints each round's figures and, per measurement, the
 * median of each side and their ratio. Run it with nothing else running.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [commit, roundsArg = '3', suite = 'http'] = process.argv.slice(2);
if (!commit) {
  console.error('usage: npx tsx bench/alternate.ts <commit> [rounds] [suite]');
  process.exit(64);
}
const rounds = Number(roundsArg);

/** One run of the suite with `cwd` as the product's tree: its table's figures by measurement. */
const runSuite = (cwd: string) =>
  new Promise<Map<string, number>>((resolve, reject) => {
    const child = spawn('npx', ['tsx', path.join(root, 'bench/run.ts'), suite], {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench run in ${cwd} exited ${code}`));
      const figures = new Map<string, number>();
      // Rows of run.ts's table: suite, measurement, "value unit", target; two spaces or more apart.
      for (const line of out.split('\n')) {
        const [rowSuite, name, value] = line.split(/\s{2,}/);
        // A figure in a measurement's name (a wall time) would make it another measurement.
        if (rowSuite === suite && name && Number.isFinite(parseFloat(value)))
          figures.set(name.replace(/, wall \d+ ms/, ''), parseFloat(value));
      }
      resolve(figures);
    });
  });

const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-alternate-'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' }).toString().trim();
git('worktree', 'add', '--detach', worktree, commit);
const sides = [
  { label: git('rev-parse', '--short', commit), cwd: worktree, runs: [] as Map<string, number>[] },
  { label: 'this tree', cwd: root, runs: [] as Map<string, number>[] },
];
try {
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(worktree, 'node_modules'));
  for (let round = 1; round <= rounds; round++) {
    for (const side of sides) {
      side.runs.push(await runSuite(side.cwd));
      process.stderr.write(`round ${round}/${rounds}: ${side.label} measured\n`);
    }
  }
} finally {
  git('worktree', 'remove', '--force', worktree);
}

const names = [...new Set(sides.flatMap((side) => side.runs.flatMap((run) => [...run.keys()])))];
for (const name of names) {
  const [before, after] = sides.map((side) =>
    side.runs.map((run) => run.get(name)).filter((v): v is number => v !== undefined),
  );
  if (!before.length || !after.length) continue;
  const ratio = median(before) === 0 ? '' : `, ×${(median(after) / median(before)).toFixed(2)}`;
  console.log(`${name}`);
  console.log(`  ${sides[0].label}: ${before.join(' / ')}  (median ${median(before)})`);
  console.log(`  ${sides[1].label}: ${after.join(' / ')}  (median ${median(after)}${ratio})`);
}
