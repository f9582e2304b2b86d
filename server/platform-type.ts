import type { Config } from './kernel/config';
import type { Db } from './kernel/db';
import type { SubmissionLimits } from './kernel/http/rate-limit';
import type { Logger } from './kernel/logger';
import type { Queue } from './kernel/queue';
import type { AnalysisSignals } from './kernel/signals';
import type { PipelinePool } from './pipeline-threads/pool';
import type { PipelineServices } from './pipeline/stage';

// The shape of what platform.ts starts, apart from the starting: the routes, the resources and the
// plugins take it by type without importing every worker platform.ts starts
// (docs/decisions/layout-feature-folders.md).

/** What every part of the server shares: configuration, database, queue, logger. */
export interface Platform {
  config: Config;
  db: Db;
  queue: Queue;
  log: Logger;
  /** What the pipeline may use of the outside world (OCR, speech), shared by workers and test pages. */
  services: PipelineServices;
  /** The threads that run the pipeline, for the analysis worker and the test pages (started at first use). */
  pipelines: PipelinePool;
  /** Analyses submitted and finished, heard from every process (server/kernel/signals.ts). */
  signals: AnalysisSignals;
  /** The limits on analysis submissions, in this process (http/rate-limit.ts); tests may give their clock. */
  submissionLimits: SubmissionLimits;
  jwtSecret: string;
  stop(): Promise<void>;
}
