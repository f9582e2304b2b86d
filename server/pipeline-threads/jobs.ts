// What the pool knows of a job and of a thread: a job as its caller gives it (PipelineJob, with its
// TimeLimit), its outcome, and the pool's own record of a job and of the thread running it.
import type { Worker } from 'node:worker_threads';
import type { TraceStep } from '../../schemas/analysis-result';
import type { TraceMessage } from '../../schemas/trace-messages';
import type { ExtractionCache, PipelineConfig, PipelineInput } from '../pipeline/stage';
import type { Finished, ReplyForm, ToThread } from './protocol';

/** How long a job may run, and what its failure says then (in English, and by code when it has one). */
export interface TimeLimit {
  ms: number;
  message: string;
  trace?: TraceMessage;
}

export interface PipelineJob {
  id: string;
  input: PipelineInput;
  config: PipelineConfig;
  /** Names `config` for the threads to keep (environment and configuration version). */
  configKey?: string;
  /** Only these steps (a test page); absent: every step. */
  steps?: readonly TraceStep[];
  /** The extraction cache the job may use. */
  cache?: ExtractionCache;
  /** Aborted by a user: the analysis ends as aborted. */
  signal?: AbortSignal;
  timeLimit: TimeLimit;
}

/** A job's answer in the form asked for. */
export type JobOutcome<F extends ReplyForm> = Extract<Finished, { form: F }>;

/** How a job ends without its thread's answer. */
export type Ending = 'aborted' | 'timedOut' | 'failed';

/** What the pool keeps of a job while a thread runs it. */
export interface Job {
  number: number;
  /** Its message to a thread; `withConfig`: the configuration goes along (the thread lacks it). */
  message(withConfig: boolean): ToThread;
  spec?: PipelineJob;
  /** Set once an abort was sent: past its time limit, or a user's abort. */
  aborting?: { timedOut: boolean; message: string; trace?: TraceMessage };
  crashes: number;
  thread?: Thread;
  /** Service calls of this job the main thread is answering. */
  calls: Set<AbortController>;
  timer?: NodeJS.Timeout;
  /** It settled or failed: nothing more is done for it. */
  ended?: boolean;
  /** Its thread's answer. */
  settle(outcome: Finished): void;
  /**
   * It ends without an answer: aborted by a user, past its time limit, or failed; `message` says
   * why, and `trace` by code when it can.
   */
  fail(message: string, why: Ending, trace?: TraceMessage): void;
}

/** A thread of the pool, and the jobs it runs. */
export interface Thread {
  worker: Worker;
  /** Posts a message with the others of this turn (protocol.ts batcher). */
  send(message: ToThread): void;
  jobs: Map<number, Job>;
  ended: boolean;
  /** Ended by the pool because a job did not stop: its other jobs are not to blame. */
  frozen?: boolean;
  /** Said it is ready (its modules loaded); until then, what waits for it (`whenReady`). */
  ready: boolean;
  waiting: (() => void)[];
}
