import { dereference, format as cfworkerFormats, type Schema } from '@cfworker/json-schema';
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import { ROOT_SCHEMA_PREFIX, withIdRefPrefix } from '@rjsf/utils';
// Ajv's rjsf validator turns Ajv's errors into rjsf's (titles, duplicate anyOf/oneOf errors, the
// error schema, customValidate); this module imports only Ajv's types, so Ajv stays out of the page.
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import { toAjvErrors } from './ajvErrors';
import { run, toJson, type Lookup, type Prepared } from './interpreter';
import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * The forms' validator (docs/decisions/security-console-csp.md): the resource schemas (draft-07,
 * schemas/_defs/admin.ts) interpreted by @cfworker/json-schema instead of compiled to functions
 * by Ajv, so the page runs under a policy without 'unsafe-eval', whatever schema a form builds at
 * run time. Its errors are the ones Ajv would give — keyword, params, English message, paths — so
 * rjsf and the console's translation (validationMessages.ts) see no difference; the formats are
 * ajv-formats' own, the server's (server/resources/validation.ts).
 */

// ajv-formats' definitions are a regular expression, a function, {validate, compare}, or `true`
// (any string: `password`, `binary`): as tests.
for (const name of Object.keys(cfworkerFormats)) delete cfworkerFormats[name];
for (const [name, definition] of Object.entries(fullFormats)) {
  const check: unknown =
    typeof definition === 'object' && !(definition instanceof RegExp) ? definition.validate : definition;
  cfworkerFormats[name] =
    check instanceof RegExp
      ? (value) => check.test(value)
      : typeof check === 'function'
        ? (value) => (check as (s: string) => boolean)(value)
        : () => true;
}

const prepare = (schema: unknown, root?: unknown): Prepared => {
  const copy = toJson(schema) as Schema | boolean;
  const lookup: Lookup = Object.create(null) as Lookup;
  // rjsf's subschemas point into the root schema ('#/definitions/…'): with its $refs prefixed
  // (withIdRefPrefix), the subschema finds them in the root, registered under the prefix.
  if (root !== undefined) dereference({ ...(toJson(root) as Schema), $id: ROOT_SCHEMA_PREFIX }, lookup);
  dereference(copy, lookup);
  return { schema: copy, lookup };
};

/** One preparation per schema object (and, for a subschema, per root), however many validations. */
const prepared = new WeakMap<object, Prepared>();
const preparedUnder = new WeakMap<object, WeakMap<object, Prepared>>();

const preparedFor = (schema: RJSFSchema): Prepared => {
  let entry = prepared.get(schema);
  if (!entry) prepared.set(schema, (entry = prepare(schema)));
  return entry;
};

const preparedWithin = (schema: RJSFSchema, rootSchema: RJSFSchema): Prepared => {
  let byRoot = preparedUnder.get(rootSchema);
  if (!byRoot) preparedUnder.set(rootSchema, (byRoot = new WeakMap()));
  let entry = byRoot.get(schema);
  if (!entry) byRoot.set(schema, (entry = prepare(withIdRefPrefix(schema), rootSchema)));
  return entry;
};

/** rjsf's `ValidatorType`, without code generation: any schema, static or built at run time. */
export class InterpretingValidator implements ValidatorType {
  rawValidation<Result = ErrorObject>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const entry = preparedFor(schema);
      const data = toJson(formData) ?? null;
      const result = run(entry, data);
      return { errors: result.valid ? undefined : (toAjvErrors(entry, data, result.errors) as Result[]) };
    } catch (error) {
      // A schema the interpreter cannot read (an unresolved $ref, a bad pattern): rjsf shows it.
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<ErrorObject>(schema, formData);
    return processRawValidationErrors(this, raw, formData, schema, customValidate, transformErrors, uiSchema);
  }

  /** Whether `formData` is valid against `schema`, its $refs into `rootSchema` (rjsf's oneOf/anyOf, if/then/else). */
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return run(preparedWithin(schema, rootSchema), toJson(formData) ?? null).valid;
    } catch {
      // As Ajv's validator: a schema that cannot be read matches nothing.
      return false;
    }
  }

  /** Nothing to forget: the preparations are held by their schemas, and go with them. */
  reset(): void {}
}

export const validator = new InterpretingValidator();
