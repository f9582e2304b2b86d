import type { ResourceSchema, ResourceScope } from '../../schemas/_defs/admin';

/**
 * What the list protocol may do with a field, read from its JSON Schema: scalars sort and filter,
 * numbers sort numerically, strings sort and compare case-insensitively; arrays and objects do neither.
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'complex';

interface PropertySchema {
  type?: string | readonly string[];
  format?: string;
}

export const fieldKind = (schema: ResourceSchema, field: string): FieldKind | undefined => {
  const property = schema.properties[field] as PropertySchema | undefined;
  if (!property) return undefined;
  const types = ([] as string[]).concat(property.type ?? []).filter((t) => t !== 'null');
  if (types.length !== 1) return 'complex';
  if (types[0] === 'integer' || types[0] === 'number') return 'number';
  if (types[0] === 'boolean') return 'boolean';
  return types[0] === 'string' ? 'text' : 'complex';
};

/** An array of strings (tags): it filters by "holds any of these values", and neither sorts nor searches. */
export const isStringArray = (schema: ResourceSchema, field: string): boolean => {
  const property = schema.properties[field] as (PropertySchema & { items?: PropertySchema }) | undefined;
  return property?.type === 'array' && property.items?.type === 'string';
};

/** Fields that sort and filter. */
export const scalarFields = (schema: ResourceSchema): string[] =>
  Object.keys(schema.properties).filter((f) => {
    const kind = fieldKind(schema, f);
    return kind !== undefined && kind !== 'complex';
  });

/** The field of a top-addressed record that names its scope: `organisationId`, `projectId`, `environmentId`. */
export const scopeFieldOf = (scope: ResourceScope): string | undefined =>
  scope === 'platform' ? undefined : `${scope}Id`;

/** Date-time strings sort as text in ISO form; the format matters only for validation. */
export const isTimestamp = (schema: ResourceSchema, field: string): boolean =>
  (schema.properties[field] as PropertySchema | undefined)?.format === 'date-time';
