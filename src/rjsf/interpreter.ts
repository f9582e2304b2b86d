import { type Schema, validate } from '@cfworker/json-schema';

/** The JSON Schema interpreter as the forms' validator uses it (validator.ts, ajvErrors.ts). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Lookup = Record<string, Schema | boolean>;

/** A schema ready to interpret: a plain copy (the interpreter annotates what it reads) and its $refs. */
export interface Prepared {
  schema: Schema | boolean;
  lookup: Lookup;
}

/**
 * A JSON copy: what Ajv sees of form data or a schema. A key whose value is undefined is absent (an
 * emptied field is missing for `required`, as with Ajv), functions and symbol keys are dropped.
 */
export const toJson = (value: unknown): Json | undefined => {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((item) => toJson(item) ?? null);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const copy: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      const json = toJson(item);
      if (json !== undefined) copy[key] = json;
    }
    return copy;
  }
  return undefined;
};

/** Runs the interpreter (draft-07, every error). */
export const run = ({ schema, lookup }: Prepared, data: Json) => validate(data, schema, '7', lookup, false);
