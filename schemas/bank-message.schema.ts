import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { INPUT_TYPES } from './analysis-result';

/**
 * Classification kinds of the testing centre (spec pipeline §3): what a message is expected to give,
 * and what a test scores, kind by kind.
 */
export const CLASSIFICATION_KINDS = [
  'categories',
  'attachments_categories',
  'extracted_informations',
  'extracted_informations_attachments',
  'rpa',
] as const;
export type ClassificationKind = (typeof CLASSIFICATION_KINDS)[number];

/** Kinds whose expectations are category names; the others are named values (extractions, RPA). */
export const CATEGORY_KINDS = ['categories', 'attachments_categories'] as const;

export const QUALIFICATION_STATUSES = ['qualified', 'partially_qualified', 'not_qualified'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

/** Words typed in one field (tags, analysis ids): separated by commas, spaces or new lines (spec §5). */
export const splitTyped = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** A tag: letters, digits and - _ . : / (no spaces or commas, which separate tags in inputs). */
export const TAG_PATTERN = '^[\\p{L}\\p{N}_.:/-]+$';

const categoryNames = {
  type: 'array',
  maxItems: 100,
  uniqueItems: true,
  default: [],
  items: { type: 'string', minLength: 1, maxLength: 100 },
} as const;

const namedValues = {
  type: 'array',
  maxItems: 200,
  default: [],
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'value'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      value: { type: 'string', maxLength: 2000 },
    },
  },
} as const;

const qualificationOfKind = { type: 'string', enum: ['qualified', 'not_qualified'] } as const;

/**
 * A message of the project's bank (spec pipeline §3, DESIGN.md §6): its content (a file, pasted
 * text or a simulated mail, given when it is added and kept as it came), tags, the expectations of
 * each classification kind, and which kinds are qualified (their expectations complete: only those
 * are scored). Added by the message-bank routes (a file upload is not a JSON form) or as pasted text
 * by the generated form; edited, listed and deleted through the generic routes.
 */
export const bankMessageSchema = defineResourceSchema({
  $id: 'bank-message',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    inputType: { type: 'string', enum: INPUT_TYPES, default: 'text' },
    filename: { type: ['string', 'null'] },
    size: { type: 'integer', minimum: 0 },
    /** The pasted text of a text message (files and mails are downloaded from their own route). */
    text: { type: ['string', 'null'], maxLength: 1_000_000 },
    tags: {
      type: 'array',
      maxItems: 50,
      uniqueItems: true,
      default: [],
      items: { type: 'string', minLength: 1, maxLength: 100, pattern: TAG_PATTERN },
    },
    expected: {
      type: 'object',
      additionalProperties: false,
      default: {
        categories: [],
        attachments_categories: [],
        extracted_informations: [],
        extracted_informations_attachments: [],
        rpa: [],
      },
      properties: {
        categories: categoryNames,
        attachments_categories: categoryNames,
        extracted_informations: namedValues,
        extracted_informations_attachments: namedValues,
        rpa: namedValues,
      },
    },
    qualification: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: Object.fromEntries(CLASSIFICATION_KINDS.map((k) => [k, qualificationOfKind])) as Record<
        ClassificationKind,
        typeof qualificationOfKind
      >,
    },
    qualificationStatus: { type: 'string', enum: QUALIFICATION_STATUSES },
    note: { type: 'string', maxLength: 5000, default: '' },
    metadata: { type: 'object', default: {} },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'messages',
    storage: 'table',
    listColumns: ['name', 'inputType', 'tags', 'qualificationStatus', 'updatedAt'],
    searchFields: ['name', 'note'],
    filters: ['tags', 'qualificationStatus', 'inputType'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'name',
    menu: false,
    uiSchema: {
      text: { 'ui:widget': 'textarea' },
      note: { 'ui:widget': 'textarea' },
      // Free metadata: edited as JSON in a code editor (docs/decisions/console-code-editors.md).
      metadata: { 'ui:field': 'json' },
    },
    // Spec §6: the message bank requires the qualifier level.
    access: { read: 'qualifier', write: 'qualifier' },
    readOnly: [
      'id',
      'projectId',
      'inputType',
      'filename',
      'size',
      'qualificationStatus',
      'createdAt',
      'updatedAt',
    ],
  },
});
export type BankMessage = FromSchema<typeof bankMessageSchema>;

/**
 * Pipeline spec §5: attachment-category labels need body-category labels. A message that expects
 * categories of its attachments says which categories its body expects too.
 */
export const attachmentLabelsWithoutBody = (
  expected: Partial<Record<ClassificationKind, readonly unknown[]>>,
) => (expected.attachments_categories?.length ?? 0) > 0 && (expected.categories?.length ?? 0) === 0;

/**
 * A message's qualification status (spec pipeline §4): qualified when every kind it has
 * expectations or a qualification for is qualified, partially when some are, not qualified when
 * none is.
 */
export const qualificationStatusOf = (
  expected: Partial<Record<ClassificationKind, readonly unknown[]>>,
  qualification: Partial<Record<ClassificationKind, string>>,
): QualificationStatus => {
  const kinds = CLASSIFICATION_KINDS.filter(
    (k) => (expected[k]?.length ?? 0) > 0 || qualification[k] !== undefined,
  );
  const qualified = kinds.filter((k) => qualification[k] === 'qualified').length;
  if (qualified === 0) return 'not_qualified';
  return qualified === kinds.length ? 'qualified' : 'partially_qualified';
};
