import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db';
import type { SubmissionLimits } from '../http/rate-limit';
import type { Queue } from '../queue';
import type { SecretBox } from '../secrets';
import type { AnalysisSignals } from '../signals';

/**
 * What the kernel gives every feature's routes, as decorators of the Fastify instance: a route
 * plugin reads `app.db`, `app.config`, `app.queue` the way Fastify's own examples do, instead of
 * one bag handed down from the top (docs/decisions/layout-feature-folders.md, "Decorators, not a
 * bag"). The logger is Fastify's own `app.log`.
 */
export interface Kernel {
  config: Config;
  db: Db;
  queue: Queue;
  /** Analyses submitted and finished, heard from every process (kernel/signals.ts). */
  signals: AnalysisSignals;
  /** The limits on analysis submissions, in this process (http/rate-limit.ts). */
  submissionLimits: SubmissionLimits;
  /** The installation's signing secret (sessions, device cookies). */
  jwtSecret: string;
  /** Seals and opens secrets at rest (kernel/secrets.ts). */
  secrets: SecretBox;
}

declare module 'fastify' {
  // The decorators this plugin declares, typed on every instance once it is registered.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Kernel {}
}

/**
 * Decorates the instance with the kernel's services; app.ts registers it before every plugin that
 * reads them (the access plugins name it in their `dependencies`, so an order mistake fails at start).
 *
 * @example
 * await app.register(kernelPlugin, { config, db, queue, signals, submissionLimits, jwtSecret, secrets });
 * app.get('/x', async () => app.db.query('SELECT 1'));
 */
export const kernelPlugin = fp(
  async (app: FastifyInstance, kernel: Kernel) => {
    app.decorate('config', kernel.config);
    app.decorate('db', kernel.db);
    app.decorate('queue', kernel.queue);
    app.decorate('signals', kernel.signals);
    app.decorate('submissionLimits', kernel.submissionLimits);
    app.decorate('jwtSecret', kernel.jwtSecret);
    app.decorate('secrets', kernel.secrets);
  },
  { name: 'kernel' },
);
