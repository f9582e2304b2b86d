/**
 * Fields that matter only for some choices (docs/decisions/resources-conditional-fields.md),
 * declared in plain JSON Schema: a resource schema lists every field in its `properties`, and an
 * `if`/`then`/`else` — on the schema itself or in its `allOf` — names in the branch's `properties`
 * the fields that go with a choice (and in its `required` those the choice needs):
 *
 *     allOf: [{ if: { required: ['source'], properties: { source: { const: 'regex' } } },
 *               then: { properties: { pattern: {} }, required: ['pattern'] } }]
 *
 * A field named in some branch is conditional: it belongs to a record only while a branch naming
 * it applies. The console shows it only then (rjsf resolves the branches); the server drops its
 * value otherwise, before validating (docs/decisions/resources-conditional-fields.md).
 */

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A condition: `if` with the branches it selects. */
export interface Condition {
  if: Schema;
  then?: Schema;
  else?: Schema;
}

/** Whether a value satisfies a (sub)schema: the caller's validator (Ajv on the server, rjsf's in the console). */
export type Holds = (schema: Schema, value: Record<string, unknown>) => boolean;

/** The conditions of a schema: its own `if`, and those of its `allOf`. */
export const conditionsOf = (schema: object): Condition[] => {
  const s = schema as Schema;
  const candidates = [s, ...(Array.isArray(s.allOf) ? s.allOf : [])];
  return candidates.filter((c): c is Condition & Schema => isObject(c) && isObject(c.if));
};

const namedIn = (branch: Schema | undefined): string[] =>
  isObject(branch?.properties) ? Object.keys(branch.properties) : [];

/** Every field some branch names: those that are shown and kept only for some choices. */
export const conditionalFields = (schema: object): Set<string> =>
  new Set(conditionsOf(schema).flatMap((c) => [...namedIn(c.then), ...namedIn(c.else)]));

/** The record as the conditions read it: the top-level defaults under its values. */
const withDefaults = (schema: object, record: Record<string, unknown>): Record<string, unknown> => {
  const properties = (schema as Schema).properties;
  const defaults = isObject(properties)
    ? Object.fromEntries(
        Object.entries(properties)
          .filter(([, p]) => isObject(p) && p.default !== undefined)
          .map(([name, p]) => [name, (p as Schema).default]),
      )
    : {};
  return { ...defaults, ...record };
};

/** The conditional fields that the record's choices do not take (to hide, or to drop). */
export const inactiveFields = (schema: object, record: Record<string, unknown>, holds: Holds): string[] => {
  const conditional = conditionalFields(schema);
  if (conditional.size === 0) return [];
  const data = withDefaults(schema, record);
  const active = new Set(conditionsOf(schema).flatMap((c) => namedIn(holds(c.if, data) ? c.then : c.else)));
  return [...conditional].filter((field) => !active.has(field));
};

/** The record without the values of fields its choices do not take. */
export const withoutInactiveFields = <T extends Record<string, unknown>>(
  schema: object,
  record: T,
  holds: Holds,
): T => {
  const inactive = new Set(inactiveFields(schema, record, holds));
  return Object.fromEntries(Object.entries(record).filter(([field]) => !inactive.has(field))) as T;
};

/** The fields a record needs: the schema's `required`, and those of the branches its choices take. */
export const requiredFields = (
  schema: object,
  record: Record<string, unknown>,
  holds: Holds,
): Set<string> => {
  const s = schema as Schema;
  const data = withDefaults(schema, record);
  const own = Array.isArray(s.required) ? (s.required as string[]) : [];
  const branches = conditionsOf(schema).flatMap((c) => {
    const branch = holds(c.if, data) ? c.then : c.else;
    return Array.isArray(branch?.required) ? (branch.required as string[]) : [];
  });
  return new Set([...own, ...branches]);
};
