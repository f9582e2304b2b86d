/**
 * `npm run bench`: runs every benchmark in bench/ and prints one table. Figures, not tests: nothing
 * here fails a build; docs/performance.md records them.
 */
import { startupBenchmarks } from './startup';
import { consoleSizeBenchmarks } from './console-size';
import { apiBenchmarks } from './api';
import { pipelineBenchmarks } from './pipeline';
import { nluBenchmarks } from './nlu';
import { campaignBenchmarks } from './campaign';
import { httpBenchmarks } from './http';
import { deliveryBenchmarks } from './delivery';
import { dashboardBenchmarks } from './dashboard';
import { graphBenchmarks } from './graph';
import { extractorLargeBenchmarks } from './extractor-large';
import { connectorsBenchmarks } from './connectors';

export interface Measurement {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

const suites: [string, () => Promise<Measurement[]>][] = [
  ['startup', startupBenchmarks],
  ['console size', consoleSizeBenchmarks],
  ['api', apiBenchmarks],
  ['pipeline', pipelineBenchmarks],
  ['nlu', nluBenchmarks],
  ['campaign', campaignBenchmarks],
  ['http', httpBenchmarks],
  ['delivery', deliveryBenchmarks],
  ['dashboard', dashboardBenchmarks],
  ['graph', graphBenchmarks],
  ['extractor-large', extractorLargeBenchmarks],
  ['connectors', connectorsBenchmarks],
];

const only = process.argv[2];
const rows: (Measurement & { suite: string })[] = [];
for (const [suite, bench] of suites) {
  if (only && !suite.includes(only)) continue;
  process.stderr.write(`running ${suite}…\n`);
  for (const m of await bench()) rows.push({ suite, ...m });
}

const table = [
  ['suite', 'measurement', 'value', 'target'],
  ...rows.map((r) => [r.suite, r.name, `${r.value} ${r.unit}`, r.target ?? '']),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
