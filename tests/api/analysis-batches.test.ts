import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineConfigCache } from '../../server/analyses/pipeline-config-cache';
import { configVersionSql } from '../../server/configuration/version';
import {
  abortAnalysis,
  createAnalysis,
  getAnalysis,
  type AnalysisRow,
} from '../../server/analyses/repository';
import { CLAIM, takeBatch, type ClaimedRow } from '../../server/analyses/claim';
import { recordOf, writeOutcomes } from '../../server/analyses/outcomes';
import { startAnalysisWorker } from '../../server/analyses/worker';
import { bytesOutcome } from '../../server/pipeline-threads/protocol';
import { emptyResult } from '../../server/pipeline/engine';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { buildTenants, type Tenants } from './support/tenants';

/**
 * The analysis worker claims analyses by the batch and writes a batch's results in one statement
 * (server/analyses/claim.ts): what happens to one analysis of a batch stays its own.
 */
let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const EMAIL = 'From: a@example.org\r\nTo: b@example.org\r\nSubject: Batch\r\n\r\nHello from a batch.\r\n';

const create = async (kind: 'text' | 'file', manualFinalStatus = false) =>
  (
    await createAnalysis(t.platform.db, t.platform.queue, {
      environmentId: acme.ids.env,
      name: `${kind} ${randomUUID()}`,
      inputType: kind,
      ...(kind === 'text'
        ? { text: 'Hello from a batch.' }
        : { file: { filename: 'a.eml', mime: 'message/rfc822', bytes: new TextEncoder().encode(EMAIL) } }),
      metadata: {},
      manualFinalStatus,
    })
  ).row;

/** Results travel as UTF-8 bytes (jsonb's binary format on PostgreSQL): characters of every width. */
const HOSTILE = 'A hostile file: « reçu » “quoted” 😀 \\ "escaped"';

const statusOf = async (id: string) => (await getAnalysis(t.platform.db, id))!;

const outcome = (row: ClaimedRow, status: 'processed' | 'error', error?: string) =>
  recordOf({
    row,
    outcome: bytesOutcome({ ...emptyResult(row.id), status, ...(error ? { error } : {}) }),
    ms: 5,
  });

describe('a batch of analyses', () => {
  it('is claimed in one statement with its jobs: waiting ones only, with their file and configuration version', async () => {
    const [text, file, aborted] = [await create('text'), await create('file'), await create('file')];
    await abortAnalysis(t.platform.db, aborted);
    const jobs = () => t.platform.db.query(`SELECT 1 FROM pgboss.job WHERE name = 'analysis'`);
    expect(await jobs()).toHaveLength(3);
    // At most the claim's size: the oldest jobs first.
    const first = await takeBatch(t.platform.db, 1, randomUUID());
    expect([first.jobs, first.rows.map((r) => r.id)]).toEqual([1, [text.id]]);
    const { jobs: taken, rows: rest } = await takeBatch(t.platform.db, 10, randomUUID());
    // The aborted analysis's job is taken too, its analysis left as it is.
    expect(taken).toBe(2);
    expect(await jobs()).toHaveLength(0);
    const rows = [...first.rows, ...rest];
    expect(rows.map((r) => r.id).sort()).toEqual([text.id, file.id].sort());
    const claimedFile = rows.find((r) => r.id === file.id)!;
    expect(Buffer.from(claimedFile.file!).toString()).toBe(EMAIL);
    expect(rows.find((r) => r.id === text.id)!.file).toBeNull();
    expect(claimedFile).toHaveProperty('config_version');
    expect((await statusOf(aborted.id)).status).toBe('aborted');
    expect(await takeBatch(t.platform.db, 10, randomUUID())).toEqual({ jobs: 0, rows: [] });
  });

  it('takes a job from the very instant it was written: PGlite counts time in milliseconds', async () => {
    const row = await create('text');
    // In one transaction both statements see the same now(), as a claim does in the millisecond its
    // job was written; a job due only after that instant would be left to the next poll.
    const { rows } = await t.platform.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'analysis' AND data->>'analysisId' = $1`,
        [row.id],
      );
      return takeBatch(tx, 10, randomUUID());
    });
    expect(rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('writes each result under its own status; one failing or aborted leaves the others processed', async () => {
    const db = t.platform.db;
    const created: AnalysisRow[] = [];
    for (let i = 0; i < 4; i++) created.push(await create(i % 2 ? 'file' : 'text'));
    const waiting = await create('text', true);
    const token = randomUUID();
    const { rows } = await takeBatch(db, 10, token);
    expect(rows.map((r) => r.id).sort()).toEqual([...created, waiting].map((r) => r.id).sort());
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [ok, failed, abortedMeanwhile, ok2] = created.map((r) => byId.get(r.id)!);
    // A user aborts one while the batch runs.
    await abortAnalysis(db, (await statusOf(abortedMeanwhile.id))!);
    const written = await writeOutcomes(
      db,
      t.platform.queue,
      [
        outcome(ok, 'processed'),
        outcome(failed, 'error', HOSTILE),
        outcome(abortedMeanwhile, 'processed'),
        outcome(ok2, 'processed'),
        outcome(byId.get(waiting.id)!, 'processed'),
      ],
      60,
    );
    expect([...written].sort()).toEqual([ok.id, failed.id, ok2.id, waiting.id].sort());
    for (const id of [ok.id, ok2.id]) {
      const row = await statusOf(id);
      expect([row.status, row.result?.status, row.worker_token, row.finished_at]).toEqual([
        'processed',
        'processed',
        null,
        expect.any(Date),
      ]);
    }
    const failedRow = await statusOf(failed.id);
    expect([failedRow.status, failedRow.error, failedRow.result?.error]).toEqual(['error', HOSTILE, HOSTILE]);
    const abortedRow = await statusOf(abortedMeanwhile.id);
    expect([abortedRow.status, abortedRow.result?.status]).toEqual(['aborted', 'aborted']);
    // With the manual final status, processed means pending until a client says more.
    const waitingRow = await statusOf(waiting.id);
    expect([waitingRow.status, waitingRow.finished_at, waitingRow.result?.status]).toEqual([
      'pending',
      null,
      'processed',
    ]);
  });

  it('stores a large result and file compressed with lz4 on PostgreSQL, and reads them back whole', async () => {
    const db = t.platform.db;
    const words = Array.from({ length: 400 }, (_, i) => `Line ${i}: a question on invoice ${i % 97}.`).join(
      ' ',
    );
    const email = `From: a@example.org\r\nTo: b@example.org\r\nSubject: Large\r\n\r\n${words}\r\n`;
    const { row: created } = await createAnalysis(db, t.platform.queue, {
      environmentId: acme.ids.env,
      name: `large ${randomUUID()}`,
      inputType: 'file',
      file: { filename: 'large.eml', mime: 'message/rfc822', bytes: new TextEncoder().encode(email) },
      metadata: {},
      manualFinalStatus: false,
    });
    const token = randomUUID();
    const { rows } = await takeBatch(db, 10, token);
    const claimed = rows.find((r) => r.id === created.id)!;
    const result = { ...emptyResult(claimed.id), status: 'processed' as const, error: words };
    await writeOutcomes(
      db,
      t.platform.queue,
      [recordOf({ row: claimed, outcome: bytesOutcome(result), ms: 5 })],
      60,
    );
    const [stored] = await db.query<{ result: string; file: string; text: string }>(
      `SELECT pg_column_compression(a.result) AS result, pg_column_compression(b.bytes) AS file,
              convert_from(b.bytes, 'UTF8') AS text
         FROM analyses a JOIN blobs b ON b.id = a.blob_id WHERE a.id = $1`,
      [created.id],
    );
    // The embedded database is built without lz4: files keep pglz there, results stay uncompressed.
    expect([stored.result, stored.file]).toEqual(db.kind === 'postgres' ? ['lz4', 'lz4'] : [null, 'pglz']);
    expect(stored.text).toBe(email);
    expect((await statusOf(created.id)).result?.error).toBe(words);
  });

  it(
    'runs through the worker: one analysis whose file is gone fails alone',
    { timeout: 60_000 },
    async () => {
      const db = t.platform.db;
      const rows: AnalysisRow[] = [];
      for (let i = 0; i < 12; i++) rows.push(await create(i % 3 ? 'file' : 'text'));
      const broken = rows[1];
      await db.query('UPDATE analyses SET blob_id = NULL WHERE id = $1', [broken.id]);
      const worker = await startAnalysisWorker(
        t.platform.queue.boss,
        db,
        t.platform.queue,
        t.platform.log,
        t.platform.pipelines,
        { timeLimitSeconds: 30, stallSeconds: 30, manualStatusTimeoutSeconds: 60, batchSize: 2 },
      );
      try {
        const ids = rows.map((r) => r.id);
        const deadline = Date.now() + 50_000;
        let left = ids.length;
        while (left > 0 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          [{ left }] = await db.query<{ left: number }>(
            `SELECT count(*)::int AS left FROM analyses WHERE id = ANY($1::uuid[]) AND status IN ('waiting', 'pending')`,
            [ids],
          );
        }
        const done = await db.query<{ id: string; status: string; error: string | null }>(
          'SELECT id, status, error FROM analyses WHERE id = ANY($1::uuid[])',
          [ids],
        );
        const brokenRow = done.find((r) => r.id === broken.id)!;
        expect([brokenRow.status, brokenRow.error]).toEqual([
          'error',
          'The original file of this analysis is missing',
        ]);
        expect(done.filter((r) => r.id !== broken.id).map((r) => r.status)).toEqual(
          Array(11).fill('processed'),
        );
      } finally {
        await worker.stop();
      }
    },
  );
});

describe("an environment's pipeline configuration", () => {
  const versionOf = async () =>
    (
      await t.platform.db.query<{ v: string | null }>(`SELECT ${configVersionSql('$1::uuid')} AS v`, [
        acme.ids.env,
      ])
    )[0].v;

  it('is read again exactly when its settings or its documents changed', async () => {
    const db = t.platform.db;
    const configs = pipelineConfigCache();
    const first = await configs.read(db, acme.ids.env, await versionOf());
    expect(await configs.read(db, acme.ids.env, await versionOf())).toBe(first);

    await db.query(`UPDATE environments SET settings = settings || '{"languages":["de"]}' WHERE id = $1`, [
      acme.ids.env,
    ]);
    const afterSettings = await configs.read(db, acme.ids.env, await versionOf());
    expect(afterSettings.languages).toEqual(['de']);

    await db.query(
      `INSERT INTO extractor_settings (environment_id, settings) VALUES ($1, '{"formatter":{"charactersPerBlock":1234}}')
       ON CONFLICT (environment_id) DO UPDATE SET settings = EXCLUDED.settings`,
      [acme.ids.env],
    );
    const afterExtractor = await configs.read(db, acme.ids.env, await versionOf());
    expect(afterExtractor).not.toBe(afterSettings);
    expect(afterExtractor.extractor.formatter.charactersPerBlock).toBe(1234);

    const before = await versionOf();
    await db.query('DELETE FROM extractor_settings WHERE environment_id = $1', [acme.ids.env]);
    expect(await versionOf()).not.toBe(before);
  });
});

describe('the claim of a backlog', () => {
  /** Every node of a plan (EXPLAIN's JSON), depth first. */
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
  type PlanNode = { 'Relation Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };

  it('reads the analyses table once, even with statistics taken while nothing waited', async () => {
    const db = t.platform.db;
    // What the earlier tests left unfinished is finished, and the statistics are taken then, as
    // PostgreSQL's autovacuum may take them between two bursts of submissions.
    await db.query(`DELETE FROM pgboss.job WHERE name = 'analysis'`);
    await db.query(
      `UPDATE analyses SET status = 'error', worker_token = NULL WHERE status IN ('waiting', 'pending')`,
    );
    await db.query('ANALYZE analyses');
    const backlog = await Promise.all(Array.from({ length: 200 }, () => create('text')));

    const token = randomUUID();
    const [{ 'QUERY PLAN': answer }] = await db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${CLAIM.text.replaceAll('$1', '16').replaceAll('$2', `'${token}'`).replaceAll('$3', '2000000').replaceAll('$4', "'{}'").replaceAll('$5', "'{}'")}`,
    );
    const [{ Plan: plan }] = (typeof answer === 'string' ? JSON.parse(answer) : answer) as {
      Plan: PlanNode;
    }[];
    const readsOfAnalyses = nodesOf(plan).filter((n) => n['Relation Name'] === 'analyses');
    expect(readsOfAnalyses.length).toBeGreaterThan(0);
    expect(readsOfAnalyses.map((n) => n['Actual Loops'])).toEqual(readsOfAnalyses.map(() => 1));

    // The claim itself was made, 16 of the backlog, and the rest is claimed as usual.
    const claimed = await db.query<{ id: string }>('SELECT id FROM analyses WHERE worker_token = $1', [
      token,
    ]);
    const ids = new Set(backlog.map((r) => r.id));
    expect(claimed.filter((r) => ids.has(r.id))).toHaveLength(16);
    let rest = 0;
    for (
      let batch = await takeBatch(db, 100, randomUUID());
      batch.jobs > 0;
      batch = await takeBatch(db, 100, randomUUID())
    )
      rest += batch.rows.length;
    expect(rest).toBe(184);
  });
});
