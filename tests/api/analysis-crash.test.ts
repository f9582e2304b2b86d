import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/kernel/db/pglite';
import { openPostgres } from '../../server/kernel/db/postgres';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { postAnalysisForm } from './support/analyses';
import { startTestPlatform } from './support/platform';
import { startSpeechServer } from './support/speech-server';
import { API, buildTenants } from './support/tenants';

/** A worker process (npm run worker), its log lines collected. */
const startWorker = (env: Record<string, string>) => {
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  child.stderr!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  const logged = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!lines.some((l) => pattern.test(l))) {
      if (Date.now() > deadline) throw new Error(`never logged ${pattern}:\n${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, lines, logged };
};

/**
 * DESIGN.md §2: a worker killed in the middle of an analysis does not
 * lose it. The analysis is an MP3 whose transcription (a third-party speech service, played here
 * by a local server) is still running when the worker process gets SIGKILL; the next worker finds
 * its heartbeat stale, queues it again, and processes it.
 */
describe('an analysis whose worker is killed', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('is processed after the next worker starts', { timeout: 150_000 }, async () => {
    const speech = await startSpeechServer({ hold: [1], text: 'Transcription after the crash' });
    cleanups.push(() => speech.close());
    const api = await startTestPlatform({}, { worker: false, onDisk: true });
    cleanups.push(() => api.close());
    const acme = await buildTenants(api);
    const created = await postAnalysisForm(
      api.app,
      `${API}/environments/${acme.ids.env}/analyses`,
      acme.auth.qualifier,
      { type: 'file' },
      [{ field: 'file', filename: 'voicemail.mp3', bytes: corpusBytes('audio/textract-raw_text.mp3') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const { databaseEnv } = api;
    const onPglite = !databaseEnv.DATABASE_URL;
    if (onPglite) await api.stop();
    const env = { ...databaseEnv, SPEECH_BASE_URL: speech.url, ANALYSIS_STALL: '2' };

    const first = startWorker(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    // The transcription is under way: the analysis is in the middle of its extractor step.
    await speech.nth(1);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(first.lines.join('\n')).not.toMatch(/analysis finished/);

    const second = startWorker(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    await speech.nth(2);
    await second.logged(/analysis finished/);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');

    const db = onPglite
      ? await openPglite(databaseEnv.DATA_DIR)
      : await openPostgres(databaseEnv.DATABASE_URL);
    try {
      const [row] = await db.query<{
        status: string;
        attempts: number;
        result: { extraction: { pages: { text: string }[] } };
      }>('SELECT status, attempts, result FROM analyses WHERE id = $1', [id]);
      expect(row.status).toBe('processed');
      expect(row.attempts).toBe(2);
      expect(row.result.extraction.pages[0].text).toContain('Transcription after the crash');
    } finally {
      await db.close();
    }
  });
});
