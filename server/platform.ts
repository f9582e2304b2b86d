import { outboundPolicy } from './kernel/outbound';
import { startDeliveryWorker } from './delivery/worker';
import { randomBytes } from 'node:crypto';
import type { Config } from './kernel/config';
import { openDatabase, underStartLock, type Db } from './kernel/db';
import type { Logger } from './kernel/logger';
import { startQueue } from './kernel/queue';
import { secretBox } from './kernel/secrets';
import { startConnectorWorker } from './integrations/mailboxes/runs';
import { startEnvironmentDeletionWorker } from './environments/deletion';
import { startMailWorker } from './kernel/mail/worker';
import { startAnalysisWorker } from './analyses/worker';
import { startRetentionWorker } from './analyses/retention';
import { startAlertWorker } from './alerts/evaluate';
import { startDashboardRollupWorker } from './dashboard/rollup';
import { startServerIdleWorker } from './configuration/server-states';
import { startTestWorker } from './testing/campaign';
import { createTesseractOcr } from './pipeline/extractor/ocr/tesseract';
import { createLlmClient, environmentLlmClients } from './integrations/llm';
import { createWorkflowClient } from './integrations/workflow';
import { createSpeechClient } from './integrations/speech';
import type { PipelineServices } from './pipeline/stage';
import { createPipelinePool } from './pipeline-threads/pool';
import { startAnalysisSignals } from './kernel/signals';
import { submissionLimits } from './kernel/http/rate-limit';
import type { Platform } from './platform-type';

export interface Roles {
  /** Run the queue's workers (and its maintenance) in this process. */
  worker: boolean;
  /** Serve the API in this process (default: yes); only its status reads wait for analyses to end. */
  api?: boolean;
}

/**
 * Opens the database (migrating it), starts the queue, and the workers when this process has that role.
 *
 * @example
 * const platform = await startPlatform(loadConfig(), log, { worker: true });
 */
export const startPlatform = async (
  config: Config,
  log: Logger,
  roles: Roles,
  db?: Db,
): Promise<Platform> => {
  const database = db ?? (await openDatabase(config, log));
  // OCR engines start on first use: a process that reads only emails never loads them.
  const ocr = createTesseractOcr();
  const services: PipelineServices = {
    ocr,
    speech: config.speech ? createSpeechClient(config.speech) : null,
    llm: config.llm ? createLlmClient(config.llm) : null,
    llmFor: environmentLlmClients(outboundPolicy(config.outboundAllow), config.llm?.timeoutMs ?? 60_000),
    workflow: config.workflow ? createWorkflowClient(config.workflow, config.publicUrl) : null,
  };
  const pipelines = createPipelinePool(services, {
    threads: config.analysis.threads,
    maxCharacters: config.analysis.maxCharacters,
  });
  const stopWorkers: (() => unknown)[] = [];
  try {
    // Done once per installation, by whichever process comes first (migrations took their own lock
    // in openDatabase; the seed takes its own in seed.ts).
    const { queue, jwtSecret, secretsKey } = await underStartLock(database, async () => {
      const started = await startQueue(database, log, { supervise: roles.worker });
      return {
        queue: started,
        jwtSecret: config.jwtSecret ?? (await storedSecret(database, 'jwt_secret')),
        // docs/security.md "Secrets at rest": production seals nothing without SECRETS_KEY.
        secretsKey:
          config.secrets.key ?? (config.production ? undefined : await storedSecret(database, 'secrets_key')),
      };
    });
    if (!config.secrets.key)
      log.warn(
        config.production
          ? 'SECRETS_KEY is not set: connectors cannot store their secrets (docs/security.md, "Secrets at rest")'
          : 'SECRETS_KEY is not set: secrets are sealed with a key kept in the database; set SECRETS_KEY in production',
      );
    const secrets = secretBox({ current: secretsKey, previous: config.secrets.previousKey });
    const signals = await startAnalysisSignals(database, log, {
      api: roles.api ?? true,
      worker: roles.worker,
    });
    stopWorkers.push(() => signals.stop());
    if (roles.worker) {
      await startMailWorker(queue.boss, database, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
      await startEnvironmentDeletionWorker(queue.boss, database, log);
      const analyses = await startAnalysisWorker(
        queue.boss,
        database,
        queue,
        log,
        pipelines,
        config.analysis,
        signals,
      );
      await startRetentionWorker(queue.boss, database, log);
      await startDashboardRollupWorker(queue.boss, database, log);
      await startServerIdleWorker(queue.boss, database, log);
      const tests = await startTestWorker(queue.boss, database, queue, log);
      const deliveries = await startDeliveryWorker(queue.boss, database, queue, log, {
        policy: outboundPolicy(config.outboundAllow),
        publicUrl: config.publicUrl,
        ...config.webhooks,
      });
      const alerts = await startAlertWorker(queue.boss, database, queue, log, {
        intervalSeconds: config.alertIntervalSeconds,
        publicUrl: config.publicUrl,
      });
      const connectors = await startConnectorWorker(queue.boss, database, queue, log, {
        policy: outboundPolicy(config.outboundAllow),
        secrets,
        microsoft: config.microsoft,
        google: config.google,
        intervalSeconds: config.connectorIntervalSeconds,
        maxBytes: config.uploadMaxBytes,
        publicUrl: config.publicUrl,
        mailAfterSeconds: config.connectorFailingMailAfterSeconds,
        leaseSeconds: config.connectorLeaseSeconds,
      });
      stopWorkers.push(
        () => connectors.stop(),
        () => alerts.stop(),
        () => analyses.stop(),
        () => tests.stop(),
        () => deliveries.stop(),
      );
    }
    return {
      config,
      db: database,
      queue,
      log,
      services,
      pipelines,
      signals,
      submissionLimits: submissionLimits(config.submissionLimits),
      jwtSecret,
      secrets,
      stop: async () => {
        // The analysis worker's own loop ends its batch first: it still completes that batch's jobs.
        for (const stopWorker of stopWorkers) await stopWorker();
        await queue.stop();
        await pipelines.stop();
        await ocr.terminate();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
};

/** A secret made once per installation and kept in the database, so every process shares it. */
const storedSecret = async (db: Db, key: 'jwt_secret' | 'secrets_key'): Promise<string> => {
  await db.query(`INSERT INTO platform_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    key,
    randomBytes(48).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>(`SELECT value FROM platform_settings WHERE key = $1`, [key]);
  return rows[0].value;
};
