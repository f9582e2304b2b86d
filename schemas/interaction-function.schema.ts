import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';

/** The catalogue of DESIGN.md §6 (docs/nlu.md says what each does and which fields it reads). */
export const INTERACTION_FUNCTIONS = [
  'followedBy',
  'precededBy',
  'near',
  'immediatelyFollowedBy',
  'immediatelyPrecededBy',
  'parameterEquals',
  'copyParameter',
  'compareToBaseline',
] as const;

/** The condition "this function reads these fields, and needs them". */
const uses = <const F extends readonly string[]>(
  functionName: (typeof INTERACTION_FUNCTIONS)[number],
  fields: F,
) =>
  ({
    if: { required: ['functionName'], properties: { functionName: { const: functionName } } },
    then: { properties: Object.fromEntries(fields.map((f) => [f, {}])), required: fields },
  }) as const;

/**
 * Interaction function (spec pipeline §3): a refinement of an interaction's occurrences, picked
 * from the catalogue, with the parameters that function reads. Interactions list the functions
 * they apply, by name.
 */
export const interactionFunctionSchema = defineResourceSchema({
  $id: 'interaction-function',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'functionName'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    enabled: { type: 'boolean', default: true },
    functionName: { type: 'string', enum: INTERACTION_FUNCTIONS, default: 'parameterEquals' },
    interactionAfter: { type: 'string' },
    interactionBefore: { type: 'string' },
    interactionAround: { type: 'string' },
    interactionRightAfter: { type: 'string' },
    interactionRightBefore: { type: 'string' },
    stringValue: { type: 'string' },
    parameterName: { type: 'string' },
    interactionToFind: { type: 'string' },
    parameterToFind: { type: 'string' },
    parameterBaseline: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  // The fields each function reads (docs/nlu.md, server/pipeline/nlu/functions.ts); the others are
  // hidden in the form and dropped on save (schemas/_defs/conditions.ts).
  allOf: [
    uses('followedBy', ['interactionAfter']),
    uses('precededBy', ['interactionBefore']),
    uses('near', ['interactionAround']),
    uses('immediatelyFollowedBy', ['interactionRightAfter']),
    uses('immediatelyPrecededBy', ['interactionRightBefore']),
    uses('parameterEquals', ['parameterName', 'stringValue']),
    uses('copyParameter', ['interactionToFind', 'parameterToFind', 'parameterName']),
    uses('compareToBaseline', ['parameterName', 'parameterBaseline']),
  ],
  'x-admin': {
    scope: 'environment',
    path: 'interaction-functions',
    storage: 'document',
    listColumns: ['name', 'functionName', 'enabled', 'updatedAt'],
    searchFields: ['name'],
    filters: ['functionName', 'enabled'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Function name cannot be empty', pattern: 'Function name cannot be empty' },
    },
    unique: [
      { fields: ['name'], code: 'FUNCTION_EXISTS', message: 'A function of this name already exists' },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
  },
});
export type InteractionFunction = FromSchema<typeof interactionFunctionSchema>;
