import type { ResourceSchema } from '../../schemas';
import type { FieldDescriptor, FieldKind, PropertySchema } from './types';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A property of a schema as the views read it. Schemas are checked by `defineResourceSchema` and
 * by the server's Ajv, so this only picks the keywords the console uses out of the `unknown`.
 */
export const asPropertySchema = (value: unknown): PropertySchema => (isObject(value) ? value : {});

/** The non-null type of a property (`['string', 'null']` → `string`). */
export const baseType = (schema: PropertySchema): string | undefined => {
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  return types.find((type) => type !== 'null');
};

const kindByFormat: Record<string, FieldKind> = { date: 'date', 'date-time': 'dateTime' };
const kindByType: Record<string, FieldKind> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};

export const fieldKind = (schema: PropertySchema): FieldKind => {
  if (schema.enum) return 'enum';
  const type = baseType(schema) ?? 'string';
  if (type === 'string') return kindByFormat[schema.format ?? ''] ?? 'string';
  return kindByType[type] ?? 'string';
};

/** Every property of a schema, in declaration order, with what the views need to know of it. */
export const describeFields = (schema: ResourceSchema): FieldDescriptor[] => {
  const readOnly = new Set<string>(schema['x-admin'].readOnly ?? []);
  const required = new Set<string>(schema.required ?? []);
  const display = schema['x-admin'].display ?? {};
  const ui = (schema['x-admin'].uiSchema ?? {}) as Record<
    string,
    { 'ui:widget'?: string; 'ui:options'?: { when?: unknown } } | undefined
  >;
  return Object.entries(schema.properties).map(([name, raw]) => {
    const property = asPropertySchema(raw);
    return {
      name,
      schema: property,
      kind: fieldKind(property),
      values: (property.enum ?? []).map(String),
      readOnly: readOnly.has(name),
      // Hidden for good; one hidden only while the form holds some values (`when`) is a form field.
      hiddenInForms: ui[name]?.['ui:widget'] === 'hidden' && ui[name]?.['ui:options']?.when === undefined,
      required: required.has(name),
      nullable: Array.isArray(property.type) && property.type.includes('null'),
      ...(display[name] ? { display: display[name] } : {}),
    };
  });
};

/**
 * Translation paths of every field, nested ones included (`projects.access`): the i18n coverage
 * test and the form labels walk the same list.
 */
export const fieldPaths = (properties: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(properties).flatMap(([name, raw]) => {
    const property = asPropertySchema(raw);
    const path = `${prefix}${name}`;
    const nested = property.items?.properties ?? property.properties;
    return nested ? [path, ...fieldPaths(nested, `${path}.`)] : [path];
  });

/** Enum fields at any depth, with their values: `[['role', ['admin', 'notAdmin']], …]`. */
export const enumPaths = (properties: Record<string, unknown>, prefix = ''): [string, string[]][] =>
  Object.entries(properties).flatMap(([name, raw]): [string, string[]][] => {
    const property = asPropertySchema(raw);
    const path = `${prefix}${name}`;
    const nested = property.items?.properties ?? property.properties;
    if (nested) return enumPaths(nested, `${path}.`);
    return property.enum ? [[path, property.enum.map(String)]] : [];
  });
