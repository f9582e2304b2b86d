import Ajv from 'ajv';
import type { ResourceSchema } from '../../schemas';
import { inactiveFields, type Holds } from '../../schemas/_defs/conditions';
import { baseType, describeFields } from '../../src/resources/fields';
import type { FieldDescriptor } from '../../src/resources/types';

const byFormat: Record<string, string> = {
  'date-time': '2026-03-02T10:00:00.000Z',
  date: '2026-01-15',
  email: 'sample@acme.test',
  uuid: '00000000-0000-4000-8000-000000000001',
  uri: 'https://hooks.example.test/sample',
};

const sampleValue = (field: FieldDescriptor): unknown => {
  const { schema } = field;
  // An example is what the schema's author knows its cross-entity rules accept (an existing archetype).
  const examples = (schema as { examples?: unknown[] }).examples;
  if (examples?.length) return examples[0];
  // A default is a value the schema accepts, cross-field rules included (e.g. never two modes on).
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (baseType(schema)) {
    case 'integer':
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default: {
      const text = byFormat[schema.format ?? ''] ?? `Sample ${field.name}`;
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
  }
};

const ajv = new Ajv({ strict: false });

/** Whether a record meets a schema's condition (an `if`). */
export const holds: Holds = (condition, value) => ajv.validate(condition, value);

/** The fields that the record's choices do not take (schemas/_defs/conditions.ts): hidden, not kept. */
export const hiddenFields = (schema: ResourceSchema, record: Record<string, unknown>): Set<string> =>
  new Set(inactiveFields(schema, record, holds));

/**
 * A record that its schema accepts, with one value per field its choices take (the defaults'), so
 * every generated view has something to show for every column and line.
 */
export const sampleRecord = (
  schema: ResourceSchema,
  id: string,
): { id: string } & Record<string, unknown> => {
  const all = Object.fromEntries(describeFields(schema).map((field) => [field.name, sampleValue(field)]));
  const hidden = hiddenFields(schema, all);
  return { ...Object.fromEntries(Object.entries(all).filter(([field]) => !hidden.has(field))), id };
};
