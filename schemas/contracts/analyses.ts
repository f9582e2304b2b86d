import { z } from 'zod';
import type { AnalysisResult, Extraction } from '../analysis-result';
import { ANALYSIS_STATUSES, INPUT_TYPES } from '../analysis-result';
import type { ExtractorSettings } from '../extractor-settings';
import { defineCall } from './define';
import { warningsFields } from './warnings';

/**
 * The analyses calls beyond the generic list / show / delete (spec pipeline §2 "Core analyses",
 * DESIGN.md §6), and the extractor module's settings and test page. Results are big and typed in
 * schemas/analysis-result.ts, so their schemas here only check the envelope.
 */

/** Largest upload the platform takes: one file, or a simulated mail's attachments together. */
export const UPLOAD_MAX_BYTES = 25 * 1_048_576;
/** Attachments of one simulated mail. */
export const MAX_MAIL_ATTACHMENTS = 20;

const envParams = z.object({ envId: z.string() });
const analysisParams = z.object({ envId: z.string(), id: z.string() });

/** An analysis's `error` by code (schemas/trace-messages.ts), null when said only in English. */
export const analysisErrorMessage = z
  .object({ code: z.string(), params: z.record(z.string(), z.unknown()).optional() })
  .nullable();

export const analysisRecord = z.looseObject({
  id: z.string(),
  name: z.string(),
  inputType: z.enum(INPUT_TYPES),
  status: z.enum(ANALYSIS_STATUSES),
  filename: z.string().nullish(),
  size: z.number().nullish(),
  manualFinalStatus: z.boolean().optional(),
  error: z.string().nullish(),
  errorMessage: analysisErrorMessage.optional(),
  durationMs: z.number().nullish(),
  createdAt: z.string(),
  startedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  anonymizedAt: z.string().nullish(),
});
export type AnalysisRecord = z.infer<typeof analysisRecord>;

const file = z.instanceof(Blob);

/** What the creation form holds; `toWire` turns it into the multipart form the server reads. */
export const newAnalysis = z.object({
  type: z.enum(INPUT_TYPES),
  name: z.string().optional(),
  /** A JSON object, sent as its text. */
  metadata: z.record(z.string(), z.unknown()).optional(),
  manualFinalStatus: z.boolean().optional(),
  file: file.optional(),
  text: z.string().optional(),
  from: z.string().optional(),
  /** Comma-separated addresses. */
  to: z.string().optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
  attachments: z.array(file).max(MAX_MAIL_ATTACHMENTS).optional(),
});
export type NewAnalysis = z.infer<typeof newAnalysis>;

/**
 * The multipart form: attachments repeat the one field `attachments` (the client's own encoding
 * would name them `attachments[]`), metadata travels as JSON text, the flag as 'true' / 'false'.
 */
const toWire = ({ attachments = [], metadata, manualFinalStatus, ...fields }: NewAnalysis): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else if (typeof value === 'string') form.append(key, value);
  }
  if (metadata) form.append('metadata', JSON.stringify(metadata));
  if (manualFinalStatus !== undefined) form.append('manualFinalStatus', String(manualFinalStatus));
  for (const attachment of attachments) {
    form.append('attachments', attachment, attachment instanceof File ? attachment.name : 'attachment');
  }
  return form;
};

/** 400 VALIDATION_FAILED with `details` on `file`, `text`, `from`, `to`, `attachments.<n>`; 413 FILE_TOO_LARGE. */
export const createAnalysis = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/analyses',
  params: envParams,
  body: newAnalysis.transform(toWire),
  bodyType: 'form',
  response: analysisRecord,
});

export const analysisResultAnswer = z.object({
  analysis: analysisRecord,
  result: z.custom<AnalysisResult>((value) => typeof value === 'object').nullable(),
  exchangeLabels: z.unknown().optional(),
});
export type AnalysisResultAnswer = z.infer<typeof analysisResultAnswer>;

/** 404 ANALYSIS_NOT_FOUND; 410 ANALYSIS_ANONYMIZED (an anonymized analysis cannot be opened). */
export const getAnalysisResult = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/result',
  params: analysisParams,
  response: analysisResultAnswer,
});

export const downloadAnalysisResult = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/result/download',
  params: analysisParams,
  responseType: 'file',
});

export const downloadAnalysisOriginal = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/original',
  params: analysisParams,
  responseType: 'file',
});

/** 409 ANALYSIS_FINISHED. */
export const abortAnalysis = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/abort',
  params: analysisParams,
  response: analysisRecord,
});

/** 409 ANALYSIS_ALREADY_PROCESSING ('already being processed'); 410 ANALYSIS_ANONYMIZED. */
export const reanalyzeAnalysis = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/analyses/{id}/reanalyze',
  params: analysisParams,
  response: analysisRecord,
});

const extractorSettings = z.custom<ExtractorSettings>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

/** Read by cockpit viewers and above. */
export const getExtractorSettings = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/extractor-settings',
  params: envParams,
  response: extractorSettings,
});

/** The whole settings object (the server validates it with `extractorSettingsSchema`); configurators. */
export const saveExtractorSettings = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/extractor-settings',
  params: envParams,
  body: extractorSettings,
  response: extractorSettings,
});

export const extractorTestAnswer = z.object({
  extraction: z.custom<Extraction>((value) => typeof value === 'object' && value !== null),
  ...warningsFields,
  durationMs: z.number(),
});
export type ExtractorTestAnswer = z.infer<typeof extractorTestAnswer>;

/** One file read with the saved settings. 409 EXTRACTOR_DISABLED; 422 EXTRACTION_FAILED (the parser's message). */
export const testExtractor = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/extractor-test',
  params: envParams,
  body: z.object({ file }),
  bodyType: 'form',
  response: extractorTestAnswer,
});
