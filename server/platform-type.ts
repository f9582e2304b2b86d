import type { Logger } from './kernel/logger';
import type { Kernel } from './kernel/plugins/kernel';
import type { PipelinePool } from './pipeline-threads/pool';
import type { PipelineServices } from './pipeline/stage';

// The shape of what platform.ts starts, apart from the starting: app.ts and the tests take it by
// type without importing every worker platform.ts starts. The routes never see it: they read the
// decorators app.ts registers from it (docs/decisions/layout-feature-folders.md, "Decorators, not a bag").

/** What a process of the platform runs on: the kernel's services, the pipeline's, and how to stop. */
export interface Platform extends Kernel {
  log: Logger;
  /** What the pipeline may use of the outside world (OCR, speech), shared by workers and test pages. */
  services: PipelineServices;
  /** The threads that run the pipeline, for the analysis worker and the test pages (started at first use). */
  pipelines: PipelinePool;
  stop(): Promise<void>;
}
