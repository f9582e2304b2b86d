import type { ErrorObject } from 'ajv';
import type { CodedDetail, DetailCode } from '../../../schemas/detail-messages';

// What Ajv refused, said by code: the one error handler (kernel/plugins/errors.ts) and the resources'
// validation (resources/validation.ts) both answer with it.

const TYPE_CODES: Record<string, DetailCode> = {
  string: 'schemaTypeString',
  number: 'schemaTypeNumber',
  integer: 'schemaTypeInteger',
  boolean: 'schemaTypeBoolean',
  array: 'schemaTypeArray',
  object: 'schemaTypeObject',
  null: 'schemaTypeNull',
};

const FORMAT_CODES: Record<string, DetailCode> = {
  email: 'schemaFormatEmail',
  uri: 'schemaFormatUri',
  date: 'schemaFormatDate',
  'date-time': 'schemaFormatDateTime',
  uuid: 'schemaFormatUuid',
};

/** A value said in a sentence: text as it is, anything else as JSON. */
const said = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What Ajv refused, by code (schemas/detail-messages.ts `schema*`) with its parameters, so that the
 * console says it in the user's language: each keyword a user can meet has its sentence; any other
 * (oneOf, not…) is `schemaInvalid`, Ajv's own words only as its technical detail.
 *
 * @example
 * ajvProblem({ keyword: 'maxLength', params: { limit: 100 }, … }); // { code: 'schemaMaxLength', params: { limit: 100 } }
 */
export const ajvProblem = (e: ErrorObject): CodedDetail => {
  const p = e.params as Record<string, unknown>;
  const limit = typeof p.limit === 'number' ? p.limit : Number(p.limit);
  switch (e.keyword) {
    case 'required':
      return { code: 'schemaRequired' };
    case 'additionalProperties':
      return { code: 'schemaUnknownField' };
    case 'type': {
      const type = Array.isArray(p.type) ? p.type.join(', ') : String(p.type);
      return TYPE_CODES[type] ? { code: TYPE_CODES[type] } : { code: 'schemaType', params: { type } };
    }
    case 'minimum':
      return { code: 'schemaMinimum', params: { limit } };
    case 'maximum':
      return { code: 'schemaMaximum', params: { limit } };
    case 'exclusiveMinimum':
      return { code: 'schemaExclusiveMinimum', params: { limit } };
    case 'exclusiveMaximum':
      return { code: 'schemaExclusiveMaximum', params: { limit } };
    case 'multipleOf':
      return { code: 'schemaMultipleOf', params: { multiple: Number(p.multipleOf) } };
    case 'minLength':
      return limit === 1 ? { code: 'schemaNotEmpty' } : { code: 'schemaMinLength', params: { limit } };
    case 'maxLength':
      return { code: 'schemaMaxLength', params: { limit } };
    case 'pattern':
      return { code: 'schemaPattern', params: { pattern: String(p.pattern) } };
    case 'format': {
      const format = String(p.format);
      return FORMAT_CODES[format]
        ? { code: FORMAT_CODES[format] }
        : { code: 'schemaFormat', params: { format } };
    }
    case 'enum':
      return {
        code: 'schemaEnum',
        params: { values: (Array.isArray(p.allowedValues) ? p.allowedValues : []).map(said).join(', ') },
      };
    case 'const':
      return { code: 'schemaConst', params: { value: said(p.allowedValue) } };
    case 'minItems':
      return limit === 1 ? { code: 'schemaNoItem' } : { code: 'schemaMinItems', params: { limit } };
    case 'maxItems':
      return { code: 'schemaMaxItems', params: { limit } };
    case 'uniqueItems':
      // Ajv counts from 0; said from 1, the earlier item first.
      return {
        code: 'schemaUniqueItems',
        params: {
          first: Math.min(Number(p.i), Number(p.j)) + 1,
          second: Math.max(Number(p.i), Number(p.j)) + 1,
        },
      };
    case 'minProperties':
      return { code: 'schemaMinProperties', params: { limit } };
    case 'maxProperties':
      return { code: 'schemaMaxProperties', params: { limit } };
    default:
      return { code: 'schemaInvalid', params: { detail: e.message ?? e.keyword } };
  }
};
