import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { Db } from '../../server/kernel/db';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import type { TestScores } from '../../server/testing/campaign';
import { postAnalysisForm } from './support/analyses';
import { startTestPlatform } from './support/platform';
import { startSpeechServer } from './support/speech-server';
import { API, buildTenants } from './support/tenants';

/**
 * docs/testing-centre.md, "Tests and their scores": a campaign survives a worker killed in the
 * middle and ends with every message scored exactly once. The bank is the insurance template's
 * samples six times over, with their expectations, and one voicemail whose transcription (a local
 * speech server) hangs the first time: the worker that launched the test is killed (SIGKILL) while
 * that analysis and the ones claimed with it are running, once the test's progress job collected
 * those that ended before (one analysis per claim at first, so that a few do); a new worker queues
 * the stalled ones again and the campaign ends.
 *
 * PostgreSQL only: the kill waits, reading the database, for a moment when neither of the test's
 * own jobs is running (a worker killed in one of them leaves it to pg-boss's 15-minute expiry),
 * and only a server lets this process read while the worker runs (PGlite serves one process).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const COPIES = 6;

interface Worker {
  child: ChildProcess;
  lines: string[];
  logged(pattern: RegExp, ms?: number): Promise<void>;
}

/** A worker process (npm run worker), its log lines collected. */
const startWorker = (env: Record<string, string>): Worker => {
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const logged = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!lines.some((l) => pattern.test(l))) {
      if (Date.now() > deadline) throw new Error(`never logged ${pattern}:\n${lines.join('\n')}`);
      if (child.exitCode !== null)
        throw new Error(`the worker exited ${child.exitCode}:\n${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, lines, logged };
};

/** The analyses a worker wrote, from its "analysis finished" lines. */
const finishedBy = (worker: Worker) =>
  worker.lines
    .filter((l) => l.includes('"analysis finished"'))
    .flatMap((l) => (JSON.parse(l) as { analyses: { id: string }[] }).analyses.map((a) => a.id));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until neither of the test's jobs runs and the next progress step is at least 300 ms away:
 * a kill then lands between two steps, in the analyses only.
 */
const betweenTestJobs = async (db: Db, testId: string) => {
  for (let i = 0; i < 500; i++) {
    const [jobs] = await db.query<{ active: number; next_ms: number | null }>(
      `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
              (extract(epoch FROM min(start_after) FILTER (WHERE state IN ('created', 'retry')) - now()) * 1000)::int AS next_ms
       FROM pgboss.job WHERE name IN ('test-launch', 'test-progress') AND data->>'testId' = $1`,
      [testId],
    );
    if (jobs.active === 0 && jobs.next_ms !== null && jobs.next_ms > 300) return;
    await sleep(20);
  }
  throw new Error("the test's jobs never left room for the kill");
};

describe.runIf(serverUrl)('a test campaign whose worker is killed', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('ends with every message scored exactly once', { timeout: 180_000 }, async () => {
    const speech = await startSpeechServer({ hold: [1], text: 'Bonjour, un message vocal.' });
    cleanups.push(() => speech.close());
    const api = await startTestPlatform({}, { worker: false });
    cleanups.push(() => api.close());
    const { db } = api.platform;
    const acme = await buildTenants(api);
    const project = `${API}/projects/${acme.ids.project}`;
    const templates = (
      await acme.call('GET', `${API}/use-case-templates`, 'configurator')
    ).json() as UseCaseTemplate[];
    const template = templates.find((x) => x.key === 'insurance:meeting')!;
    const created = await acme.call('POST', `${project}/environments/import`, 'admin', {
      name: 'Insurance',
      configuration: template.configuration,
    });
    expect(created.statusCode, created.body).toBe(201);
    const environmentId = created.json().id as string;

    // The samples as the simulated mails they are, each with its expected category, qualified.
    for (let copy = 1; copy <= COPIES; copy++) {
      for (const sample of template.samples) {
        const name = `${sample.name} #${copy}`;
        const res = await acme.call('POST', `${project}/messages/upload`, 'qualifier', {
          type: 'mail',
          from: 'client@example.com',
          to: 'service@example.com',
          subject: sample.subject,
          body: sample.text,
          name,
          tags: 'crash',
        });
        expect(res.statusCode, res.body).toBe(201);
        const put = await acme.call('PUT', `${project}/messages/${res.json().id}`, 'qualifier', {
          name,
          tags: ['crash'],
          expected: { categories: sample.expected },
          qualification: { categories: 'qualified' },
        });
        expect(put.statusCode, put.body).toBe(200);
      }
    }
    const voicemail = await postAnalysisForm(
      api.app,
      `${project}/messages/upload`,
      acme.auth.qualifier,
      { type: 'file', tags: 'crash' },
      [{ field: 'file', filename: 'voicemail.mp3', bytes: corpusBytes('audio/textract-raw_text.mp3') }],
    );
    expect(voicemail.statusCode, voicemail.body).toBe(201);
    const samples = COPIES * template.samples.length;
    const total = samples + 1;

    const launched = await acme.call('POST', `${project}/tests`, 'qualifier', {
      tag: 'crash',
      environmentId,
      manualStatusUpdate: 'disabled',
    });
    expect(launched.statusCode, launched.body).toBe(201);
    expect(launched.json()).toMatchObject({ status: 'running', total });
    const testId = launched.json().id as string;
    const read = async (url: string) => {
      const res = await acme.call('GET', url, 'qualifier');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const env = { ...api.databaseEnv, ANALYSIS_STALL: '2', SPEECH_BASE_URL: speech.url };
    const first = startWorker({ ...env, ANALYSIS_BATCH: '1' });
    cleanups.push(() => void first.child.kill('SIGKILL'));
    await first.logged(/"test launched"/);
    await speech.nth(1);
    // The voicemail's transcription hangs: its batch stays pending. Let the progress job collect
    // what ended before it, then kill between two of the test's steps.
    const deadline = Date.now() + 5000;
    while ((await read(`${project}/tests/${testId}`)).done === 0 && Date.now() < deadline) await sleep(100);
    await betweenTestJobs(db, testId);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');

    const atKill = await db.query<{ id: string; status: string }>(
      'SELECT id, status FROM analyses WHERE environment_id = $1',
      [environmentId],
    );
    const pending = atKill.filter((a) => a.status === 'pending').map((a) => a.id);
    const [{ collected }] = await db.query<{ collected: number }>(
      `SELECT count(*)::int AS collected FROM test_items WHERE test_id = $1 AND status <> 'waiting'`,
      [testId],
    );
    // Killed in the middle: every analysis made, some running, not all collected.
    expect(atKill).toHaveLength(total);
    expect(pending.length).toBeGreaterThan(0);
    expect(collected).toBeLessThan(total);

    const second = startWorker(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    let test = await read(`${project}/tests/${testId}`);
    for (let i = 0; test.status === 'running'; i++) {
      if (i > 600) throw new Error(`the test did not end:\n${second.lines.join('\n')}`);
      await sleep(100);
      test = await read(`${project}/tests/${testId}`);
    }
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');

    expect(test).toMatchObject({ status: 'success', total, done: total, error: null });
    const { scores } = (await read(`${project}/tests/${testId}/scores`)) as { scores: TestScores };
    expect(scores.messages).toEqual({ done: total, error: 0, notRun: 0 });
    expect(scores.messages.done + scores.messages.error).toBe(total);
    // Every sample scored once, as it expects; the voicemail is not qualified.
    const categories = scores.kinds.find((k) => k.kind === 'categories')!;
    expect(categories).toMatchObject({ qualifiedMessages: samples, notQualifiedMessages: 1 });
    expect(categories.micro).toMatchObject({ tp: samples, fp: 0, fn: 0 });

    // One analysis per item, each processed; none in the environment beyond the items.
    const [items] = await db.query<{
      items: number;
      linked: number;
      distinct_analyses: number;
      processed: number;
      in_environment: number;
    }>(
      `SELECT count(*)::int AS items, count(a.id)::int AS linked,
              count(DISTINCT i.analysis_id)::int AS distinct_analyses,
              count(*) FILTER (WHERE i.status = 'done' AND a.status = 'processed')::int AS processed,
              (SELECT count(*)::int FROM analyses WHERE environment_id = $2) AS in_environment
       FROM test_items i LEFT JOIN analyses a ON a.id = i.analysis_id AND a.environment_id = $2
       WHERE i.test_id = $1`,
      [testId, environmentId],
    );
    expect(items).toEqual({
      items: total,
      linked: total,
      distinct_analyses: total,
      processed: total,
      in_environment: total,
    });
    // Those the kill left running were run again, by the new worker only; no result was written twice.
    const attempts = await db.query<{ id: string; attempts: number }>(
      'SELECT id, attempts FROM analyses WHERE id = ANY($1::uuid[])',
      [pending],
    );
    expect(attempts.every((a) => a.attempts === 2)).toBe(true);
    const written = [...finishedBy(first), ...finishedBy(second)];
    expect(written.toSorted()).toEqual(atKill.map((a) => a.id).toSorted());
    expect(finishedBy(first).some((id) => pending.includes(id))).toBe(false);
    expect(speech.received).toBe(2);
  });
});
