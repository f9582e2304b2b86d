import { z } from 'zod';
import { ANALYSIS_STATUSES, INPUT_TYPES } from '../analysis-result';
import { analysisErrorMessage } from './analyses';
import { defineCall } from './define';

/** The public API for machine clients (DESIGN.md §5), authenticated by an environment access key. */

export const keyEnvironment = defineCall({
  method: 'GET',
  path: '/v4/api/environment',
  response: z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    languages: z.array(z.string()),
  }),
});

/** An analysis as the public API shows it, without its result. */
const analysisRecord = z.object({
  id: z.string(),
  environmentId: z.string(),
  name: z.string(),
  inputType: z.enum(INPUT_TYPES),
  status: z.enum(ANALYSIS_STATUSES),
  filename: z.string().nullable(),
  size: z.number(),
  manualFinalStatus: z.boolean(),
  error: z.string().nullable(),
  errorMessage: analysisErrorMessage,
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  anonymizedAt: z.string().nullable(),
});

const analysisParams = z.object({ id: z.string() });

/**
 * `wait`: seconds (0–60) the read may wait for the analysis to end — processed, error or aborted,
 * or processed and waiting for its manual final status — before it answers. It answers as soon as
 * the analysis ends, and at the deadline with the status of the moment (then ask again).
 */
const waitQuery = z.object({
  wait: z
    .string()
    .regex(/^(60|[1-5]?\d)$/, 'a number of seconds from 0 to 60')
    .optional(),
});

/**
 * Submits a file (multipart `file`), a pasted text (`type=text`, `text`) or a simulated mail
 * (`type=mail`, `from`, `to`, `subject`, `body`, attachments); `metadata` (JSON object) and
 * `manualFinalStatus` optional. The analysis is stored and queued before the answer (201; 200 with
 * an `Idempotency-Key` already used: the first analysis). With `wait`, the answer waits as a read
 * does and brings the analysis with its result, as `GET /v4/api/analyses/{id}` does: one call
 * per analysis for a client that can wait.
 */
export const createPublicAnalysis = defineCall({
  method: 'POST',
  path: '/v4/api/analyses',
  query: waitQuery,
  bodyType: 'form',
  response: analysisRecord.extend({ exchangeLabels: z.unknown().optional(), result: z.unknown().optional() }),
});

/**
 * Where an analysis stands, without its result (a few hundred bytes, whatever the result's size):
 * what a client polls, or waits on with `wait`, before it reads the result once.
 */
export const publicAnalysisStatus = defineCall({
  method: 'GET',
  path: '/v4/api/analyses/{id}/status',
  params: analysisParams,
  query: waitQuery,
  response: analysisRecord.extend({
    /** Processed and waiting for its manual final status (PATCH): its result can be read. */
    awaitingFinalStatus: z.boolean(),
  }),
});

/** The analysis with its result (null until it ends) and the consolidation's labels; `wait` as for the status. */
export const publicAnalysis = defineCall({
  method: 'GET',
  path: '/v4/api/analyses/{id}',
  params: analysisParams,
  query: waitQuery,
  response: analysisRecord.extend({ exchangeLabels: z.unknown(), result: z.unknown() }),
});
