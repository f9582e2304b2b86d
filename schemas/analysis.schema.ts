import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { ANALYSIS_STATUSES, INPUT_TYPES } from './analysis-result';

/**
 * Analysis (spec pipeline-and-testing §3–4, DESIGN.md §6): one file, text or simulated mail run
 * through the environment's pipeline. Created by the analyses routes (a file upload is not a JSON
 * form), listed, shown and deleted through the generic ones; its result is read from
 * `analyses/{id}/result`.
 */
export const analysisSchema = defineResourceSchema({
  $id: 'analysis',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    inputType: { type: 'string', enum: INPUT_TYPES },
    status: { type: 'string', enum: ANALYSIS_STATUSES },
    filename: { type: ['string', 'null'] },
    size: { type: 'integer', minimum: 0 },
    manualFinalStatus: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    /** `error` by code (schemas/trace-messages.ts `{ code, params }`), null when said only in English. */
    errorMessage: {
      type: ['object', 'null'],
      required: ['code'],
      properties: { code: { type: 'string' }, params: { type: 'object' } },
    },
    durationMs: { type: ['integer', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    anonymizedAt: { type: ['string', 'null'], format: 'date-time' },
    /** The message categories decided (kept after anonymization): the dashboard's drill-down filters on it. */
    categories: { type: 'array', items: { type: 'string' } },
  },
  'x-admin': {
    scope: 'environment',
    path: 'analyses',
    storage: 'table',
    listColumns: ['name', 'status', 'inputType', 'createdAt', 'durationMs'],
    searchFields: ['name'],
    filters: ['status', 'inputType', 'categories'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'cockpit', write: 'qualifier' },
    readOnly: [
      'id',
      'environmentId',
      'inputType',
      'status',
      'filename',
      'size',
      'manualFinalStatus',
      'error',
      'errorMessage',
      'durationMs',
      'createdAt',
      'startedAt',
      'finishedAt',
      'anonymizedAt',
      'categories',
    ],
    operations: ['list', 'show', 'delete'],
  },
});
export type Analysis = FromSchema<typeof analysisSchema>;
