import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { TAG_PATTERN } from './bank-message.schema';

export const TEST_STATUSES = ['running', 'success', 'error', 'timeout'] as const;
export const MANUAL_STATUS_UPDATES = ['auto', 'enabled', 'disabled'] as const;
/** Why a test stopped before all its analyses ended (its `errorCode`; `error` says it in English). */
export const TEST_ERROR_CODES = ['TEST_ENVIRONMENT_DELETED', 'TEST_STALLED'] as const;
export type TestErrorCode = (typeof TEST_ERROR_CODES)[number];
/** A test none of whose analyses ended for this long stops (timeout), scored on what did end. */
export const TEST_STALL_MINUTES = 10;

/**
 * A test (spec pipeline §3–4): every bank message carrying a tag, run through one environment's
 * pipeline on the queue, then scored. Creating one launches it; it ends in success, error (its
 * environment was deleted while it ran) or timeout (its analyses stopped progressing). Its scores
 * are read from `tests/{id}/scores`.
 */
export const testRunSchema = defineResourceSchema({
  $id: 'test-run',
  type: 'object',
  additionalProperties: false,
  required: ['tag', 'environmentId'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    tag: { type: 'string', minLength: 1, maxLength: 100, pattern: TAG_PATTERN },
    environmentId: { type: ['string', 'null'], format: 'uuid' },
    environmentName: { type: 'string' },
    /**
     * auto: each message as it was added (its manual final status flag); enabled / disabled: every
     * analysis waits for its final status, or none does.
     */
    manualStatusUpdate: { type: 'string', enum: MANUAL_STATUS_UPDATES, default: 'disabled' },
    status: { type: 'string', enum: TEST_STATUSES },
    total: { type: 'integer', minimum: 0 },
    done: { type: 'integer', minimum: 0 },
    error: { type: ['string', 'null'] },
    errorCode: { type: ['string', 'null'], enum: [...TEST_ERROR_CODES, null] },
    createdByName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'tests',
    storage: 'table',
    listColumns: ['tag', 'environmentName', 'status', 'done', 'total', 'createdAt'],
    searchFields: ['tag', 'environmentName'],
    filters: ['status', 'tag'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'tag',
    menu: false,
    // Spec §6: the tests pages require the qualifier level.
    access: { read: 'qualifier', write: 'qualifier' },
    readOnly: [
      'id',
      'projectId',
      'environmentName',
      'status',
      'total',
      'done',
      'error',
      'errorCode',
      'createdByName',
      'createdAt',
      'finishedAt',
    ],
    operations: ['list', 'show', 'create', 'delete'],
  },
});
export type TestRun = FromSchema<typeof testRunSchema>;
