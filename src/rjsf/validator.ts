import {
  dereference,
  format as cfworkerFormats,
  type OutputUnit,
  type Schema,
  validate,
} from '@cfworker/json-schema';
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
import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * The forms' validator (docs/decisions/security-console-csp.md): the resource schemas (draft-07,
 * schemas/_defs/admin.ts) interpreted by @cfworker/json-schema instead of compiled to functions
 * by Ajv, so the page runs under a policy without 'unsafe-eval', whatever schema a form builds at
 * run time. Its errors are the ones Ajv would give — keyword, params, English message, paths — so
 * rjsf and the console's translation (validationMessages.ts) see no difference; the formats are
 * ajv-formats' own, the server's (server/resources/validation.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Lookup = Record<string, Schema | boolean>;

/** A schema ready to interpret: a plain copy (the interpreter annotates what it reads) and its $refs. */
interface Prepared {
  schema: Schema | boolean;
  lookup: Lookup;
}

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

/**
 * A JSON copy: what Ajv sees of form data or a schema. A key whose value is undefined is absent (an
 * emptied field is missing for `required`, as with Ajv), functions and symbol keys are dropped.
 */
const toJson = (value: unknown): Json | undefined => {
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

const run = ({ schema, lookup }: Prepared, data: Json) => validate(data, schema, '7', lookup, false);

// The interpreter's own entries that only say "a subschema had errors" (the subschema's follow);
// Ajv has no error for them.
const WRAPPERS = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  'dependentSchemas',
]);

/** A JSON pointer of the interpreter's ('#/a/b', URI-encoded) as its segments. */
const segmentsOf = (location: string): string[] =>
  location
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const childOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** The schema holding the keyword at `keywordLocation`, and its path as Ajv writes it (through $refs). */
const locate = (prepared: Prepared, keywordLocation: string) => {
  const segments = segmentsOf(keywordLocation);
  let node: unknown = prepared.schema;
  let path: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (segment === '$ref') {
      const target = (node as Schema).__absolute_ref__ ?? (node as Schema).$ref ?? '';
      node = prepared.lookup[target];
      const hash = target.indexOf('#');
      path = hash === -1 ? [] : segmentsOf(target.slice(hash));
    } else {
      node = childOf(node, segment);
      path.push(segment);
    }
  }
  const keyword = segments.at(-1) ?? '';
  return {
    parent: (typeof node === 'object' && node !== null ? node : {}) as Schema,
    keyword,
    schemaPath: ['#', ...path.map(escapeSegment), escapeSegment(keyword)].join('/'),
  };
};

const hasOwn = (value: unknown, key: string) =>
  value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);

const COMPARISONS: Record<string, string> = {
  minimum: '>=',
  maximum: '<=',
  exclusiveMinimum: '>',
  exclusiveMaximum: '<',
};

/** Ajv's params and English message for one of the interpreter's errors (ajv/lib/vocabularies). */
const describe = (
  keyword: string,
  parent: Schema,
  data: unknown,
  nth: number,
  text: string,
  prepared: Prepared,
): { params: Record<string, unknown>; message: string } | undefined => {
  const value: unknown = parent[keyword];
  switch (keyword) {
    case 'required': {
      const missing = (Array.isArray(value) ? (value as string[]) : []).filter((key) => !hasOwn(data, key));
      const missingProperty = missing[nth] ?? '';
      return { params: { missingProperty }, message: `must have required property '${missingProperty}'` };
    }
    case 'minLength':
    case 'maxLength':
      return {
        params: { limit: value },
        message: `must NOT have ${keyword === 'minLength' ? 'fewer' : 'more'} than ${String(value)} characters`,
      };
    case 'minItems':
    case 'maxItems':
      return {
        params: { limit: value },
        message: `must NOT have ${keyword === 'minItems' ? 'fewer' : 'more'} than ${String(value)} items`,
      };
    case 'minProperties':
    case 'maxProperties':
      return {
        params: { limit: value },
        message: `must NOT have ${keyword === 'minProperties' ? 'fewer' : 'more'} than ${String(value)} properties`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        params: { comparison: COMPARISONS[keyword], limit: value },
        message: `must be ${COMPARISONS[keyword]} ${String(value)}`,
      };
    case 'multipleOf':
      return { params: { multipleOf: value }, message: `must be multiple of ${String(value)}` };
    case 'pattern':
      return { params: { pattern: value }, message: `must match pattern "${String(value)}"` };
    case 'format':
      return { params: { format: value }, message: `must match format "${String(value)}"` };
    case 'type':
      return { params: { type: value }, message: `must be ${String(value)}` };
    case 'enum':
      return { params: { allowedValues: value }, message: 'must be equal to one of the allowed values' };
    case 'const':
      return { params: { allowedValue: value }, message: 'must be equal to constant' };
    case 'not':
      return { params: {}, message: 'must NOT be valid' };
    case 'anyOf':
      return { params: {}, message: 'must match a schema in anyOf' };
    case 'oneOf': {
      const options = Array.isArray(value) ? (value as Schema[]) : [];
      const passing = options.flatMap((option, i) =>
        run({ schema: option, lookup: prepared.lookup }, data as Json).valid ? [i] : [],
      );
      return {
        params: { passingSchemas: passing.length > 0 ? passing : null },
        message: 'must match exactly one schema in oneOf',
      };
    }
    case 'if': {
      const holds = run({ schema: value as Schema, lookup: prepared.lookup }, data as Json).valid;
      const failingKeyword = holds ? 'then' : 'else';
      return { params: { failingKeyword }, message: `must match "${failingKeyword}" schema` };
    }
    case 'uniqueItems': {
      // Ajv's: from the end, the first item seen again later (i), and that later one (j).
      const items = Array.isArray(data) ? data : [];
      const later = new Map<string, number>();
      let i = -1;
      let j = -1;
      for (let index = items.length - 1; index >= 0 && i === -1; index--) {
        const item = JSON.stringify(toJson(items[index]));
        const seen = later.get(item);
        if (seen !== undefined) [i, j] = [index, seen];
        later.set(item, index);
      }
      return {
        params: { i, j },
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      };
    }
    case 'contains':
      return { params: { minContains: 1 }, message: 'must contain at least 1 valid item(s)' };
    case 'propertyNames': {
      const propertyName = /^Property name "(.*)" does not match schema\.$/.exec(text)?.[1] ?? '';
      return { params: { propertyName }, message: 'property name must be valid' };
    }
    case 'dependencies': {
      // The interpreter also says "does not match dependant schema" before that schema's errors.
      if (!text.includes('but does not have')) return undefined;
      const dependencies = (value ?? {}) as Record<string, unknown>;
      const missing = Object.entries(dependencies).flatMap(([property, deps]) =>
        hasOwn(data, property) && Array.isArray(deps)
          ? (deps as string[]).filter((dep) => !hasOwn(data, dep)).map((dep) => ({ property, dep, deps }))
          : [],
      );
      const found = missing[nth];
      if (!found) return undefined;
      const deps = (found.deps as string[]).join(', ');
      const depsCount = found.deps.length;
      return {
        params: { property: found.property, missingProperty: found.dep, depsCount, deps },
        message: `must have ${depsCount === 1 ? 'property' : 'properties'} ${deps} when property ${found.property} is present`,
      };
    }
    default:
      return { params: {}, message: text };
  }
};

/**
 * Ajv's order: an anyOf, oneOf or if error after its subschemas' errors (the interpreter says it
 * first), so a field lists "must be string" before "must match exactly one schema in oneOf".
 */
const inAjvOrder = (units: OutputUnit[]): OutputUnit[] => {
  const ordered: OutputUnit[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!;
    if (!['anyOf', 'oneOf', 'if'].includes(unit.keyword)) {
      ordered.push(unit);
      continue;
    }
    const base = unit.keywordLocation.replace(/\/[^/]*$/, '');
    const within = (other: OutputUnit) =>
      unit.keyword === 'if'
        ? other.keywordLocation.startsWith(`${base}/then`) || other.keywordLocation.startsWith(`${base}/else`)
        : other.keywordLocation.startsWith(`${unit.keywordLocation}/`);
    let end = index + 1;
    while (end < units.length && within(units[end]!)) end++;
    ordered.push(...inAjvOrder(units.slice(index + 1, end)), unit);
    index = end - 1;
  }
  return ordered;
};

/** The interpreter's errors as Ajv's (`verbose`: with the schema, the parent schema and the data). */
const toAjvErrors = (prepared: Prepared, data: Json, output: OutputUnit[]): ErrorObject[] => {
  const errors: ErrorObject[] = [];
  const units = inAjvOrder(output);
  const seen = new Map<string, number>();
  units.forEach((unit, index) => {
    if (WRAPPERS.has(unit.keyword)) return;
    const instance = segmentsOf(unit.instanceLocation);
    let dataPath = instance;
    let params: Record<string, unknown> | undefined;
    let message: string | undefined;
    let located: ReturnType<typeof locate>;
    if (unit.keyword === 'false') {
      // A false subschema (the interpreter gives no location of its own: its wrapper, just before,
      // has it). An additional property or item is Ajv's error on the object or array.
      const wrapper = units[index - 1];
      located = locate(prepared, wrapper?.keywordLocation ?? '#/false schema');
      if (wrapper?.keyword === 'additionalProperties') {
        dataPath = instance.slice(0, -1);
        params = { additionalProperty: instance.at(-1) };
        message = 'must NOT have additional properties';
      } else if (wrapper?.keyword === 'additionalItems') {
        dataPath = instance.slice(0, -1);
        const limit = Array.isArray(located.parent.items) ? located.parent.items.length : 0;
        params = { limit };
        message = `must NOT have more than ${limit} items`;
      } else {
        located = { ...located, keyword: 'false schema', parent: {} };
        params = {};
        message = 'boolean schema is false';
      }
    } else {
      located = locate(prepared, unit.keywordLocation);
    }
    const { parent, keyword, schemaPath } = located;
    const instancePath = dataPath.map((segment) => `/${escapeSegment(segment)}`).join('');
    const dataValue = dataPath.reduce<unknown>((value, key) => childOf(value, key), data);
    if (params === undefined || message === undefined) {
      const key = `${unit.keywordLocation} ${unit.instanceLocation}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const described = describe(keyword, parent, dataValue, nth, unit.error, prepared);
      if (!described) return;
      ({ params, message } = described);
    }
    // Ajv reports an additional item once for the array, however many there are.
    if (
      keyword === 'additionalItems' &&
      errors.some((e) => e.instancePath === instancePath && e.keyword === keyword)
    )
      return;
    errors.push({
      instancePath,
      schemaPath,
      keyword,
      params,
      message,
      schema: parent[keyword] as unknown,
      parentSchema: parent,
      data: dataValue,
    });
  });
  return errors;
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
