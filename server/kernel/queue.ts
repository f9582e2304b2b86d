import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from './db';
import { isConnectionError, isStorageFull } from './db/retry';
import { notifySubmitted } from './signals';
import type { Logger } from './logger';

/** Queue names, one per kind of job. pg-boss 10 requires each queue to be created before use. */
export const queues = {
  mail: 'mail',
  environmentDeletion: 'environment-deletion',
  analysis: 'analysis',
  analysisDeadline: 'analysis-deadline',
  analysisRetention: 'analysis-retention',
  nluIdle: 'nlu-idle',
  testLaunch: 'test-launch',
  testProgress: 'test-progress',
  webhookDelivery: 'webhook-delivery',
  alertEvaluation: 'alert-evaluation',
  dashboardRollup: 'dashboard-rollup',
  connectorRun: 'connector-run',
} as const;
export type QueueName = (typeof queues)[keyof typeof queues];

/**
 * Queues other than pg-boss's standard: a test's steps are `short` (one job of a test waits at a
 * time, by its singleton key: a step sending its successor and the sweep that revives a test whose
 * worker died cannot start two chains) and expire soon (a step takes seconds; a killed one is
 * retried within minutes, not after pg-boss's 15).
 */
const queueOptions: Partial<Record<QueueName, Omit<PgBoss.Queue, 'name'>>> = {
  [queues.testLaunch]: { policy: 'short', expireInSeconds: 600 },
  [queues.testProgress]: { policy: 'short', expireInSeconds: 120 },
  // One attempt takes at most the receiver's timeout: a worker killed in the middle of one is
  // replaced within two minutes, not pg-boss's 15.
  [queues.webhookDelivery]: { expireInSeconds: 120 },
  // One evaluation of the alerts waits at a time, whatever the number of workers offering one.
  [queues.alertEvaluation]: { policy: 'short', expireInSeconds: 300 },
  // One run of the dashboard's summaries at a time; the first over a large history takes minutes.
  [queues.dashboardRollup]: { policy: 'short', expireInSeconds: 1800 },
  // One run of a connector waiting at a time, by its id; the connector's lease keeps two from
  // running at once (integrations/mailboxes/runs.ts), and outlives a crashed worker by a minute,
  // not by a job's expiry. A run reads a bounded number of messages; the next one goes on.
  [queues.connectorRun]: { policy: 'short', expireInSeconds: 900 },
};

export interface SendOptions {
  startAfterSeconds?: number;
  /** With a `short` queue: the job is not sent while another of the same key waits. */
  singletonKey?: string;
}

const RETRIES = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

/**
 * pg-boss's job for each row of `from`, inserted by the caller's own statement (a CTE), so that a
 * row and its job are one statement instead of two — on PGlite each statement costs more than the
 * row's work. The columns are those pg-boss 10's own insert (`insertJobs`) sets for a job without
 * options on a queue without overrides (the others keep the table's defaults: created state,
 * start now, 15 minutes to expire, kept 14 days); tests/api/webhooks.test.ts sees pg-boss fetch and
 * complete such a job (a delivery's). An analysis's job is taken by the worker's own claim
 * (analyses/claim.ts takeBatch), with pg-boss's fetch plan. Check both again when pg-boss is
 * upgraded.
 */
export const insertJobSql = (
  name: QueueName,
  dataSql: string,
  from: string,
  /** SQL of the time it may start (default: now), e.g. a column of `from`. */
  startAfterSql?: string,
) => {
  const expire = queueOptions[name]?.expireInSeconds;
  return `INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, policy${expire ? ', expire_in' : ''}${startAfterSql ? ', start_after' : ''})
   SELECT '${name}', ${dataSql}, ${RETRIES.retryLimit}, ${RETRIES.retryDelay}, ${RETRIES.retryBackoff},
          (SELECT policy FROM pgboss.queue WHERE name = '${name}')${expire ? `, interval '${expire} seconds'` : ''}${startAfterSql ? `, ${startAfterSql}` : ''}
   FROM ${from}`;
};

/** What an analysis job carries: its analysis, and the environment the fair claim shares the workers by. */
export interface AnalysisJob {
  analysisId: string;
  environmentId: string;
}

/** The analysis queue's jobs' data, built in SQL from an analysis row's columns. */
export const analysisJobSql = (row: string) =>
  `jsonb_build_object('analysisId', ${row}.id, 'environmentId', ${row}.environment_id)`;

/** The environment of an analysis job, as the fair claim's index reads it (jobs of older releases: ''). */
export const JOB_ENVIRONMENT = `coalesce(data->>'environmentId', '')`;

/**
 * The analysis queue's own table: pg-boss 10 keeps each queue's jobs in a partition named
 * `j` + the SHA-224 of the queue's name (its createQueue). The fair claim reads it directly: on the
 * parent, the `name = …` condition, redundant but estimated as selective by stale statistics,
 * made the planner read a whole backlog instead of the index's first jobs.
 */
export const ANALYSIS_JOBS_TABLE = `pgboss.j${createHash('sha224').update(queues.analysis).digest('hex')}`;

const FAIR_INDEX = 'job_analysis_fair';

/**
 * The index of the analysis claim's skip scan (analyses/claim.ts CLAIM): the jobs not taken,
 * by environment then age, on the analysis queue's partition (pg-boss makes one per queue, with
 * its own indexes, at createQueue). Made once: looking it up first spares every start the table
 * lock that CREATE INDEX takes even when the index exists.
 */
const createFairIndex = async (db: Db) => {
  const [{ exists }] = await db.query<{ exists: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'pgboss' AND indexname = $1) AS exists`,
    [FAIR_INDEX],
  );
  if (exists) return;
  await db.query(
    `CREATE INDEX IF NOT EXISTS ${FAIR_INDEX} ON ${ANALYSIS_JOBS_TABLE}
       ((${JOB_ENVIRONMENT}), created_on, id) WHERE state < 'active'`,
  );
};

export type Queue = {
  boss: PgBoss;
  /** Enqueues inside the caller's transaction: the job exists exactly when the transaction commits. */
  send(tx: Queryable, name: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** Many jobs of one queue in one statement, inside the caller's transaction. */
  sendMany(tx: Queryable, name: QueueName, data: readonly object[]): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts pg-boss on the platform database (PGlite or PostgreSQL alike, through our executeSql).
 * Maintenance (expiry, retries, archiving) runs only where workers run.
 */
export const startQueue = async (db: Db, log: Logger, options: { supervise: boolean }): Promise<Queue> => {
  // Once the queue is stopped, a handler that outlived the stop's wait (and so fails on the closing
  // database) must not make pg-boss's own fail() reject unhandled: its statements are dropped.
  let stopped = false;
  const executeSql: Db['executeSql'] = (text, values) =>
    db.executeSql(text, values).catch((err: unknown) => {
      if (stopped) return { rows: [] };
      throw err;
    });
  const boss = new PgBoss({
    db: { executeSql } as unknown as PgBoss.Db,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  });
  // pg-boss runs on our pool (executeSql above), not a pool of its own: while the database is away its
  // polls and maintenance fail, are reported here, and work again once it is back.
  boss.on('error', (err) =>
    isConnectionError(err) || isStorageFull(err)
      ? log.warn(
          { err: { code: (err as { code?: string }).code, message: err.message } },
          isStorageFull(err) ? 'queue: the database disk is full' : 'queue: database unavailable',
        )
      : log.error({ err }, 'queue error'),
  );
  await boss.start();
  for (const name of Object.values(queues)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions[name] });
  }
  await createFairIndex(db);
  const txDb = (tx: Queryable) =>
    ({
      executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }),
    }) as unknown as PgBoss.Db;
  return {
    boss,
    send: async (tx, name, data, options = {}) => {
      await boss.send(name, data, {
        db: txDb(tx),
        ...RETRIES,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      if (name === queues.analysis) await notifySubmitted(tx);
    },
    sendMany: async (tx, name, data) => {
      if (data.length === 0) return;
      await boss.insert(
        data.map((d) => ({ name, data: d, ...RETRIES })),
        { db: txDb(tx) },
      );
      if (name === queues.analysis) await notifySubmitted(tx);
    },
    stop: async () => {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      stopped = true;
    },
  };
};
