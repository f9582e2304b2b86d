import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { fieldProblem } from '../../schemas/detail-messages';
import type { Logger } from '../kernel/logger';
import { queues, type AnalysisJob, type Queue } from '../kernel/queue';
import type { TestScoresAnswer } from '../../schemas/contracts/testing';
import { TEST_STALL_MINUTES, type TestErrorCode } from '../../schemas/test-run.schema';
import { BASIS_VERSION_SQL } from './basis';
import type { DomainRuleApplied } from '../../schemas/contracts/testing';
import { classificationReadings } from './classifications';
import { domainPolicy, domainRulesFor } from './domain-rules';
import { eachItemPage, scoredItem, type ItemRow } from './items';
import { scoreRun } from './scores';

/**
 * Test campaigns (spec pipeline §2–4, DESIGN.md §6 "Testing centre"): every bank message carrying a
 * tag becomes an analysis of the chosen environment on the real queue; as they end, what each
 * detected is collected beside its expectations (snapshotted at launch); when none is left, the
 * run is scored once and for all.
 *
 * Two jobs drive a test, both idempotent so that a worker killed at any point loses and doubles
 * nothing: `test-launch` creates the analyses a chunk at a time (one transaction each: the analyses,
 * their files, their jobs and the items' links commit together) while `test-progress` runs every
 * second or so, collects what ended and either scores the run or queues itself again. One job of a
 * test waits at a time (a `short` queue keyed by the test); a sweep queues again the progress of a
 * test whose step died with its worker, and progress resumes an interrupted launch.
 */

/** Analyses created per transaction by the launch: small enough to keep each statement short. */
const LAUNCH_CHUNK = 200;
/** Items collected per statement. */
const COLLECT_CHUNK = 100;

export type ManualStatusUpdate = 'auto' | 'enabled' | 'disabled';

/** What a test stores once scored, as `tests/{id}/scores` answers it (schemas/contracts/testing.ts). */
export type TestScores = TestScoresAnswer;

const tagWithoutMessages = (tag: string) =>
  new ClientError(400, 'TEST_TAG_EMPTY', `No message of the bank carries the tag '${tag}'`, {
    params: { tag },
    details: [fieldProblem('tag', 'testTagEmpty', { tag })],
  });

const environmentOutsideProject = () =>
  new ClientError(400, 'TEST_ENVIRONMENT_UNKNOWN', 'The environment is not one of this project', {
    details: [fieldProblem('environmentId', 'testEnvironmentOutside')],
  });

/**
 * Creates a test of the messages tagged `tag` against an environment of the project and queues its
 * launch, which writes its items (the messages' expectations as they are then) and their analyses.
 * Runs in the caller's transaction: the test exists exactly when its launch job does.
 */
export const createTest = async (
  q: Queryable,
  queue: Queue,
  t: {
    projectId: string;
    environmentId: string;
    tag: string;
    manualStatusUpdate: ManualStatusUpdate;
    createdBy: string;
  },
): Promise<string> => {
  const [environment] = await q.query<{ name: string }>(
    `SELECT name FROM environments WHERE id = $1 AND project_id = $2 AND deletion_requested_at IS NULL`,
    [t.environmentId, t.projectId],
  );
  if (!environment) throw environmentOutsideProject();
  const [{ total }] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM bank_messages WHERE project_id = $1 AND tags && ARRAY[$2]::text[]`,
    [t.projectId, t.tag],
  );
  if (total === 0) throw tagWithoutMessages(t.tag);
  const id = randomUUID();
  const rules = await domainRulesFor(q, t.environmentId);
  await q.query(
    `INSERT INTO tests (id, project_id, environment_id, environment_name, tag, manual_status_update, total,
                        created_by, domain_rules)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      t.projectId,
      t.environmentId,
      environment.name,
      t.tag,
      t.manualStatusUpdate,
      total,
      t.createdBy,
      JSON.stringify(rules),
    ],
  );
  await queue.send(q, queues.testLaunch, { testId: id }, { singletonKey: id });
  // Progress collects from the first analyses on, while the others are still being launched.
  await queue.send(q, queues.testProgress, { testId: id }, { startAfterSeconds: 1, singletonKey: id });
  return id;
};

/**
 * Creates the analyses of a chunk of the test's items not launched yet, in one statement: the
 * files are copied from the bank inside the database, never through this process. Answers the
 * analyses created (none: the launch is complete, or the environment is gone).
 */
const launchChunk = async (tx: Queryable, testId: string): Promise<AnalysisJob[]> => {
  const rows = await tx.query<{ id: string; environment_id: string }>(
    `WITH test AS (
       SELECT t.id, t.environment_id, t.manual_status_update, t.created_by FROM tests t
       JOIN environments e ON e.id = t.environment_id AND e.deletion_requested_at IS NULL
       WHERE t.id = $1 AND t.status = 'running'),
     chunk AS (
       SELECT i.message_id, m.name, m.input_type, m.filename, m.mime, m.size, m.input_text, m.content,
              m.metadata, m.manual_final_status, gen_random_uuid() AS analysis_id,
              CASE WHEN m.content IS NOT NULL THEN gen_random_uuid() END AS blob_id
       FROM test_items i JOIN bank_messages m ON m.id = i.message_id
       WHERE i.test_id = $1 AND i.analysis_id IS NULL AND EXISTS (SELECT 1 FROM test)
       ORDER BY i.message_id LIMIT ${LAUNCH_CHUNK} FOR UPDATE OF i),
     blobs_made AS (
       INSERT INTO blobs (id, environment_id, bytes, size, sha256)
       SELECT c.blob_id, test.environment_id, c.content, octet_length(c.content), encode(sha256(c.content), 'hex')
       FROM chunk c, test WHERE c.blob_id IS NOT NULL),
     analyses_made AS (
       INSERT INTO analyses (id, environment_id, name, input_type, filename, mime, size, input_text, metadata,
                             manual_final_status, blob_id, created_by, queued_at)
       SELECT c.analysis_id, test.environment_id, c.name, c.input_type, c.filename, c.mime, c.size, c.input_text,
              c.metadata,
              CASE test.manual_status_update WHEN 'enabled' THEN true WHEN 'disabled' THEN false
                   ELSE c.manual_final_status END,
              c.blob_id, test.created_by, now()
       FROM chunk c, test)
     UPDATE test_items i SET analysis_id = c.analysis_id FROM chunk c
     WHERE i.test_id = $1 AND i.message_id = c.message_id
     RETURNING c.analysis_id AS id, (SELECT environment_id FROM test) AS environment_id`,
    [testId],
  );
  return rows.map((r) => ({ analysisId: r.id, environmentId: r.environment_id }));
};

/** A message deleted from the bank after the launch has no content to run: its item fails. */
const failOrphans = (q: Queryable, testId: string) =>
  q.query(
    `UPDATE test_items i SET status = 'error', error = 'The message was deleted from the bank before it ran'
     WHERE i.test_id = $1 AND i.analysis_id IS NULL AND i.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM bank_messages m WHERE m.id = i.message_id)`,
    [testId],
  );

/** A test that took a step now: the sweep leaves it alone for another minute. */
const stepped = (q: Queryable, testId: string) =>
  q.query('UPDATE tests SET stepped_at = now() WHERE id = $1', [testId]);

/** Items written per statement: the messages of the tag, in id order, from where the last chunk ended. */
const ITEMS_CHUNK = 1000;

/**
 * Writes the test's items a chunk at a time, resuming after the last one written (a launch whose
 * worker died goes on where it stopped), then marks them complete with their final count.
 */
const writeItems = async (db: Db, testId: string) => {
  // Where the last chunk ended, read once: in the chunk's statement the planner may run the
  // aggregate again for every message (seconds per chunk once thousands are written).
  const [{ after }] = await db.query<{ after: string | null }>(
    'SELECT max(message_id::text) AS after FROM test_items WHERE test_id = $1',
    [testId],
  );
  for (let last = after ?? ''; ;) {
    const written = await db.query<{ id: string }>(
      `WITH test AS (SELECT id, project_id, tag FROM tests WHERE id = $1 AND NOT items_ready)
       INSERT INTO test_items (test_id, message_id, message_name, expected, qualification)
       SELECT test.id, m.id, m.name, m.expected, m.qualification FROM test, bank_messages m
       WHERE m.project_id = test.project_id AND m.tags && ARRAY[test.tag] AND m.id::text > $2
       ORDER BY m.id::text LIMIT ${ITEMS_CHUNK}
       ON CONFLICT DO NOTHING RETURNING message_id::text AS id`,
      [testId, last],
    );
    if (written.length < ITEMS_CHUNK) break;
    last = written.reduce((max, w) => (w.id > max ? w.id : max), last);
  }
  await db.query(
    `UPDATE tests SET items_ready = true, total = (SELECT count(*) FROM test_items WHERE test_id = $1)
     WHERE id = $1 AND NOT items_ready`,
    [testId],
  );
};

export const launchTest = async (db: Db, queue: Queue, testId: string) => {
  await writeItems(db, testId);
  await failOrphans(db, testId);
  for (;;) {
    const made = await db.transaction(async (tx) => {
      const jobs = await launchChunk(tx, testId);
      await queue.sendMany(tx, queues.analysis, jobs);
      await stepped(tx, testId);
      return jobs.length;
    });
    if (made < LAUNCH_CHUNK) break;
  }
};

/**
 * What an analysis detected, per classification kind, in the form of a bank message's
 * expectations: category names, and named values (extractions of the message, of its attachments).
 */
const DETECTED_SQL = `jsonb_build_object(
  'categories', COALESCE((SELECT jsonb_agg(DISTINCT c->>'name') FROM jsonb_array_elements(a.result->'categories') c), '[]'),
  'attachments_categories', COALESCE((SELECT jsonb_agg(DISTINCT c->>'name') FROM jsonb_array_elements(a.result->'attachmentsCategories') c), '[]'),
  'extracted_informations', COALESCE((SELECT jsonb_agg(jsonb_build_object('name', d->>'name', 'value', d->>'value'))
     FROM jsonb_array_elements(a.result->'extractedData') d WHERE jsonb_typeof(d->'span'->'source') IS DISTINCT FROM 'number'), '[]'),
  'extracted_informations_attachments', COALESCE((SELECT jsonb_agg(jsonb_build_object('name', d->>'name', 'value', d->>'value'))
     FROM jsonb_array_elements(a.result->'extractedData') d WHERE jsonb_typeof(d->'span'->'source') = 'number'), '[]'))`;

/**
 * What the analysis gave its categorisation, and the rules that decided (testing/basis.ts reads it):
 * the interactions found without their text, the extracted data, headers, metadata, and each
 * attachment's index, file name and page count.
 */
const BASIS_SQL = `jsonb_build_object(
  'kind', CASE WHEN a.input_type = 'text' THEN 'text' WHEN a.result->'extraction'->>'kind' = 'email' THEN 'email'
               ELSE 'document' END,
  'interactions', COALESCE((SELECT jsonb_agg(i - 'text') FROM jsonb_array_elements(a.result->'nlu'->'interactions') i), '[]'),
  'extractedData', COALESCE(a.result->'extractedData', '[]'),
  'headers', COALESCE(a.result->'extraction'->'message'->'headers', '{}'),
  'metadata', COALESCE(a.result->'extraction'->'metadata', '{}'),
  'attachments', COALESCE((SELECT jsonb_agg(jsonb_build_object('index', x->'index', 'filename', x->'filename',
                                                               'pages', jsonb_array_length(COALESCE(x->'pages', '[]'))))
                           FROM jsonb_array_elements(a.result->'extraction'->'attachments') x), '[]'),
  'decisions', COALESCE((SELECT jsonb_agg(jsonb_build_object('category', c->>'name', 'rule', c->>'rule', 'attachment', c->'attachment'))
                         FROM jsonb_array_elements(COALESCE(a.result->'categories', '[]') || COALESCE(a.result->'attachmentsCategories', '[]')) c), '[]'))`;

/**
 * Collects a chunk of the items whose analysis ended (processed — or waiting for its manual final
 * status with its result written —, in error, aborted, or deleted). Each item is collected once:
 * only waiting items are. A result is stored as json (migration 029): it is read into jsonb once for
 * what was detected and the basis (OFFSET 0 keeps the planner from copying the cast into each use).
 */
const collectChunk = async (q: Queryable, testId: string): Promise<number> => {
  const rows = await q.query(
    `WITH ended AS (
       SELECT i.message_id, a.id AS analysis, a.status, a.error, a.result IS NOT NULL AS has_result
       FROM test_items i LEFT JOIN analyses a ON a.id = i.analysis_id
       WHERE i.test_id = $1 AND i.status = 'waiting' AND i.analysis_id IS NOT NULL
         AND (a.id IS NULL OR a.result IS NOT NULL OR a.status IN ('error', 'aborted'))
       LIMIT ${COLLECT_CHUNK})
     UPDATE test_items i SET
       status = CASE WHEN e.analysis IS NULL OR e.status IN ('error', 'aborted') THEN 'error' ELSE 'done' END,
       error = CASE WHEN e.analysis IS NULL THEN 'The analysis was deleted before it ended'
                    WHEN e.status = 'aborted' THEN 'The analysis was aborted'
                    WHEN e.status = 'error' THEN e.error END,
       detected = d.detected,
       basis = d.basis
     FROM ended e
     LEFT JOIN LATERAL (
       SELECT ${DETECTED_SQL} AS detected, ${BASIS_SQL} AS basis
       FROM (SELECT input_type, result::jsonb AS result FROM analyses WHERE id = e.analysis OFFSET 0) a
       WHERE e.status IN ('processed', 'pending')
     ) d ON true
     WHERE i.test_id = $1 AND i.message_id = e.message_id
     RETURNING 1`,
    [testId],
  );
  return rows.length;
};

/** Scores a test on the items that ended, read a page at a time. */
export const scoreTest = async (q: Queryable, testId: string): Promise<TestScores> => {
  const items: ItemRow[] = [];
  await eachItemPage(q, testId, (page) => {
    items.push(...page);
  });
  const ended = items.filter((i) => i.status !== 'waiting');
  const domainRules = await runDomainRules(q, testId);
  const [test] = await q.query<{ project_id: string }>('SELECT project_id FROM tests WHERE id = $1', [
    testId,
  ]);
  const { kinds, outcomes } = scoreRun(
    ended.map((i) => scoredItem(i)),
    domainPolicy(domainRules),
    test ? await classificationReadings(q, test.project_id) : null,
  );
  const byId = new Map(items.map((i) => [i.message_id, i]));
  return {
    kinds,
    domainRules,
    falses: outcomes
      .filter((o) => o.fp.length > 0 || o.fn.length > 0)
      .map((o) => ({
        ...o,
        messageName: byId.get(o.messageId)!.message_name,
        analysisId: byId.get(o.messageId)!.analysis_id,
      })),
    messages: {
      done: ended.filter((i) => i.status === 'done').length,
      error: ended.filter((i) => i.status === 'error').length,
      notRun: items.length - ended.length,
    },
  };
};

/** The domain rules a test snapshotted at launch ([] for a test launched before they existed). */
export const runDomainRules = async (q: Queryable, testId: string): Promise<DomainRuleApplied[]> => {
  const [test] = await q.query<{ domain_rules: DomainRuleApplied[] | null }>(
    'SELECT domain_rules FROM tests WHERE id = $1',
    [testId],
  );
  return test?.domain_rules ?? [];
};

/** Why a test stopped before all its analyses ended: a stable code, and its English text. */
const ENDINGS = {
  TEST_ENVIRONMENT_DELETED: 'The environment was deleted while the test ran',
  TEST_STALLED: `No analysis of this test ended for ${TEST_STALL_MINUTES} minutes`,
} as const satisfies Record<TestErrorCode, string>;

const finish = async (
  db: Db,
  testId: string,
  status: 'success' | 'error' | 'timeout',
  code: TestErrorCode | null,
) => {
  const scores = await scoreTest(db, testId);
  await db.query(
    `UPDATE tests SET status = $2, error_code = $3, error = $4, scores = $5, finished_at = now(),
                      basis_version = ${BASIS_VERSION_SQL}
     WHERE id = $1 AND status = 'running'`,
    [testId, status, code, code && ENDINGS[code], JSON.stringify(scores)],
  );
};

/**
 * One step of a running test: collect what ended; then score it if nothing is left, stop it if its
 * environment is gone or nothing ended for TEST_STALL_MINUTES, or look again in a second.
 */
export const progressTest = async (db: Db, queue: Queue, testId: string) => {
  const [test] = await db.query<{
    status: string;
    items_ready: boolean;
    environment_gone: boolean;
    stalled: boolean;
  }>(
    `SELECT t.status, t.items_ready,
            (e.id IS NULL OR e.deletion_requested_at IS NOT NULL) AS environment_gone,
            t.progressed_at < now() - make_interval(mins => ${TEST_STALL_MINUTES}) AS stalled
     FROM tests t LEFT JOIN environments e ON e.id = t.environment_id WHERE t.id = $1`,
    [testId],
  );
  if (!test || test.status !== 'running') return;
  await stepped(db, testId);
  if (test.environment_gone) {
    return finish(db, testId, 'error', 'TEST_ENVIRONMENT_DELETED');
  }
  let collected = 0;
  for (let n = COLLECT_CHUNK; n === COLLECT_CHUNK; collected += n) n = await collectChunk(db, testId);
  if (collected > 0) await db.query('UPDATE tests SET progressed_at = now() WHERE id = $1', [testId]);
  const [{ left }] = await db.query<{ left: number }>(
    `SELECT count(*)::int AS left FROM test_items WHERE test_id = $1 AND status = 'waiting'`,
    [testId],
  );
  if (left === 0 && test.items_ready) return finish(db, testId, 'success', null);
  if (test.stalled && collected === 0) return finish(db, testId, 'timeout', 'TEST_STALLED');
  // Items not launched yet (the launch still runs, or its worker died): the launch goes on, once.
  const [unlaunched] = test.items_ready
    ? await db.query(
        'SELECT 1 FROM test_items WHERE test_id = $1 AND analysis_id IS NULL AND status = $2 LIMIT 1',
        [testId, 'waiting'],
      )
    : [true];
  if (unlaunched) await queue.send(db, queues.testLaunch, { testId }, { singletonKey: testId });
  await queue.send(db, queues.testProgress, { testId }, { startAfterSeconds: 1, singletonKey: testId });
};

/** A running test none of whose steps ran for this long lost its worker in the middle of one. */
const STEP_STALL_SECONDS = 60;

/**
 * Revives the tests whose step died with its worker (killed, machine gone): their progress is
 * queued again, in one transaction with the mark that keeps the next sweep from doing it twice.
 * The queue's singleton key keeps it from starting a second chain beside a live one.
 */
export const sweepStalledTests = (db: Db, queue: Queue) =>
  db.transaction(async (tx) => {
    const stalled = await tx.query<{ id: string }>(
      `UPDATE tests SET stepped_at = now()
       WHERE status = 'running' AND stepped_at < now() - make_interval(secs => ${STEP_STALL_SECONDS})
       RETURNING id`,
    );
    for (const { id } of stalled) {
      await queue.send(tx, queues.testProgress, { testId: id }, { singletonKey: id });
    }
    return stalled.length;
  });

/** The workers of the two test jobs (where analysis workers run), and the sweep of stalled tests. */
export const startTestWorker = async (boss: PgBoss, db: Db, queue: Queue, log: Logger) => {
  const sweep = () =>
    sweepStalledTests(db, queue)
      .then((revived) => revived > 0 && log.warn({ revived }, 'stalled tests queued again'))
      .catch((err: unknown) => log.warn({ err }, 'stalled tests sweep failed'));
  const timer = setInterval(() => void sweep(), (STEP_STALL_SECONDS * 1000) / 2);
  timer.unref();
  await boss.work<{ testId: string }>(
    queues.testLaunch,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      await launchTest(db, queue, job.data.testId);
      log.info({ testId: job.data.testId }, 'test launched');
    },
  );
  await boss.work<{ testId: string }>(
    queues.testProgress,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => progressTest(db, queue, job.data.testId),
  );
  return { stop: () => clearInterval(timer) };
};
