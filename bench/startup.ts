import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './run';
import { median, startServer } from './process';

/** Time from spawning `server/main.ts` to a 200 from /healthz: on an empty DATA_DIR, then on the same one. */
export const startupBenchmarks = async (): Promise<Measurement[]> => {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
    const env = { DATA_DIR: dataDir, PORT: String(18_100 + run) };
    const first = await startServer(env);
    cold.push(first.ms);
    await first.stop();
    const second = await startServer(env);
    warm.push(second.ms);
    await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    {
      name: 'cold start to /healthz, empty DATA_DIR (median of 3)',
      value: Math.round(median(cold)),
      unit: 'ms',
    },
    {
      name: 'warm start to /healthz, existing DATA_DIR (median of 3)',
      value: Math.round(median(warm)),
      unit: 'ms',
      target: '≤ 3000 ms',
    },
  ];
};
