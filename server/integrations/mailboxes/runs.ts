import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { connectorProblemWords } from '../../../schemas/connector-problems';
import type { ConnectorProblem } from '../../../schemas/contracts/connectors';
import { insertAnalysesIn } from '../../analyses/repository';
import type { NewAnalysis } from '../../analyses/analysis-inserts';
import type { Db } from '../../kernel/db';
import type { Logger } from '../../kernel/logger';
import { queueMail } from '../../kernel/mail/outbox';
import { queues, type Queue } from '../../kernel/queue';
import { connectorFailingMail, type MailLocale } from '../../mail/templates';
import { openMailbox, problemOf, type MailboxServices } from './open';
import type { FetchedMessage, MailboxSession, MessageLocation } from './session';
import {
  dueConnectors,
  extendLease,
  failAbandonedRuns,
  finishRun,
  linkAnalyses,
  pendingWriteBacks,
  recordHealth,
  recordMessages,
  recordProgress,
  recordWriteBacks,
  releaseLease,
  saveCursor,
  setAuthorization,
  setRateLimited,
  startManualRun,
  startScheduledRun,
  takeLease,
  type ConnectorRow,
  type RunCounts,
} from './repository';
import { writeBackOf } from './rules';

export interface ConnectorWorkerOptions extends MailboxServices {
  /** Seconds between two runs of an active connector. */
  intervalSeconds: number;
  /** The largest message analysed (UPLOAD_MAX_BYTES); larger ones are counted and passed. */
  maxBytes: number;
  /** Where the console is, for the link of the failure mail. */
  publicUrl: string;
  /** A connector failing this long has its owner told by mail (once per series of failures). */
  mailAfterSeconds: number;
  /**
   * How long a run holds its connector without a sign of life: a worker that dies in the middle of
   * a run keeps the mailbox from the others this long (each batch renews it).
   */
  leaseSeconds: number;
  /** Messages one run brings in at most; the next run, at once, goes on. */
  messagesPerRun?: number;
}

/** Runs at once in one worker process, each on its own connector: a slow mailbox holds one. */
const CONCURRENT_RUNS = 4;
const WRITE_BACKS_PER_RUN = 200;
const MESSAGES_PER_RUN = 1000;

const analysisOf = (row: ConnectorRow, m: FetchedMessage): NewAnalysis => ({
  environmentId: row.environment_id,
  name: (m.subject?.trim() || `Mail from ${m.from ?? 'an unknown sender'}`).slice(0, 200),
  inputType: 'mail',
  file: { filename: 'message.eml', mime: 'message/rfc822', bytes: m.raw },
  metadata: { connector: row.name, messageId: m.messageId },
  manualFinalStatus: row.settings.expectConsolidation,
});

/**
 * One run of one connector (docs/connectors.md "Runs"): under the connector's lease, write back
 * what ended analyses give, then bring in new mail, a batch per transaction (the messages' rows,
 * their analyses and the cursor past them commit together: a run cut anywhere loses nothing and
 * doubles nothing). Health, the run's log and, after a long series of failures, a mail to the
 * connector's owner say how it went. Answers whether work remains (then the next run is at once).
 */
export const runConnector = async (
  db: Db,
  queue: Queue,
  log: Logger,
  options: ConnectorWorkerOptions,
  connectorId: string,
): Promise<boolean> => {
  const owner = randomUUID();
  const leased = await takeLease(db, connectorId, owner, options.leaseSeconds);
  if (!leased) return false;
  let more = false;
  let problem: ConnectorProblem | null = null;
  let retryAfter: number | undefined;
  await failAbandonedRuns(db, connectorId);
  const manual = await startManualRun(db, connectorId);
  if (!manual && !leased.active) {
    await releaseLease(db, connectorId, owner, options.intervalSeconds);
    return false;
  }
  // The row the lease answered: no second read (nor the list's counts) for each run.
  const row = leased;
  const run = manual ?? (await startScheduledRun(db, connectorId));
  const counts: RunCounts = {
    found: 0,
    fetched: 0,
    duplicates: 0,
    blacklisted: 0,
    tooLarge: 0,
    writtenBack: 0,
  };
  const { settings } = row;
  let session: MailboxSession | undefined;
  try {
    session = await openMailbox(db, options, row);
    // What ended analyses give goes back first: a backlog of new mail does not hold it up.
    const pending = await pendingWriteBacks(db, connectorId, WRITE_BACKS_PER_RUN);
    if (pending.length) {
      const items = pending.map((p) => ({
        location: p.location as MessageLocation,
        writeBack: writeBackOf(settings.postProcessors, {
          status: p.status,
          output: p.output,
          exchangeLabels: p.exchange_labels,
        }),
      }));
      const results = await session.writeBack(items);
      await recordWriteBacks(
        db,
        connectorId,
        pending.map((p, i) => ({ key: p.message_key, error: results[i] })),
      );
      counts.writtenBack += results.filter((r) => r === null).length;
      if (pending.length === WRITE_BACKS_PER_RUN) more = true;
    }
    const window = manual
      ? { from: manual.from_date!, to: manual.to_date, manual: true }
      : { from: new Date(settings.startDate ?? Date.now()), to: null, manual: false };
    const limit = options.messagesPerRun ?? MESSAGES_PER_RUN;
    const cursor = row.cursor;
    for await (const batch of session.fetch(cursor, window, { maxBytes: options.maxBytes, limit })) {
      counts.found += batch.found;
      counts.blacklisted += batch.blacklisted;
      counts.tooLarge += batch.tooLarge;
      await db.transaction(async (tx) => {
        const fresh = await recordMessages(
          tx,
          connectorId,
          batch.messages.map((m) => ({ key: m.key, location: m.location })),
          Boolean(manual?.force_duplicates),
        );
        const taken = batch.messages.filter((m) => fresh.has(m.key));
        // Two copies of one message in a batch (same Message-ID): one analysis.
        const unique = [...new Map(taken.map((m) => [m.key, m])).values()];
        const ids = await insertAnalysesIn(
          tx,
          unique.map((m) => analysisOf(row, m)),
        );
        await linkAnalyses(
          tx,
          connectorId,
          unique.map((m, i) => ({ key: m.key, analysisId: ids[i] })),
        );
        counts.fetched += unique.length;
        counts.duplicates += batch.messages.length - unique.length;
        if (!manual) await saveCursor(tx, connectorId, batch.cursor);
        await recordProgress(tx, run.id, counts);
      });
      log.debug({ connectorId, fetched: counts.fetched, found: counts.found }, 'connector batch recorded');
      await extendLease(db, connectorId, owner, options.leaseSeconds);
    }
    if (counts.found >= limit) more = true;
  } catch (err) {
    const failure = problemOf(err, row);
    problem = failure.problem;
    retryAfter = failure.retryAfterSeconds;
    log.warn({ connectorId, code: failure.code }, `connector run failed: ${failure.message}`);
  } finally {
    if (session) await session.close();
  }
  log.debug({ connectorId, ...counts, problem: problem?.code }, 'connector run ended');
  await db.transaction(async (tx) => {
    await finishRun(tx, run.id, connectorId, counts, problem);
    await setRateLimited(tx, connectorId, retryAfter ? new Date(Date.now() + retryAfter * 1000) : null);
    const failing = await recordHealth(tx, connectorId, problem, options.mailAfterSeconds);
    // A grant Google no longer honours: the connector is to authorize again (spec pipeline §8).
    if (problem?.code === 'GMAIL_REAUTHORIZE' && row.grant_state === 'configured')
      await setAuthorization(tx, connectorId, 'reauthorize');
    if (failing?.email && problem) {
      await queueMail(tx, queue, {
        to: failing.email,
        ...connectorFailingMail(failing.locale as MailLocale, {
          name: failing.name,
          environmentName: failing.environment_name,
          reason: connectorProblemWords(failing.locale as MailLocale, problem),
          link: `${options.publicUrl}/project/${failing.project_id}/environment/${failing.environment_id}/env-management/integrations/${failing.id}`,
        }),
      });
    }
    await releaseLease(tx, connectorId, owner, more && !problem ? 0 : options.intervalSeconds);
  });
  return more && !problem;
};

/**
 * The connectors' worker: every few seconds it offers a run to each connector due (one waiting
 * and one running per connector, by the queue's `stately` policy), and takes up to
 * CONCURRENT_RUNS runs at once. A run that leaves work asks for the next at once.
 */
export const startConnectorWorker = async (
  boss: PgBoss,
  db: Db,
  queue: Queue,
  log: Logger,
  options: ConnectorWorkerOptions,
) => {
  const offer = async (ids: string[]) => {
    for (const id of ids)
      await queue.send(db, queues.connectorRun, { connectorId: id }, { singletonKey: id });
  };
  for (let i = 0; i < CONCURRENT_RUNS; i++) {
    await boss.work<{ connectorId: string }>(
      queues.connectorRun,
      { pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        const more = await runConnector(db, queue, log, options, job.data.connectorId);
        if (more) await offer([job.data.connectorId]);
      },
    );
  }
  const tick = () =>
    dueConnectors(db)
      .then(offer)
      .catch((err: unknown) => log.warn({ err }, 'connector runs not offered'));
  await tick();
  const timer = setInterval(() => void tick(), Math.min(options.intervalSeconds, 5) * 1000);
  return { stop: () => clearInterval(timer) };
};
