import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { conditionsOf, inactiveFields, type Holds } from '../../schemas/_defs/conditions';
import type { DetailCode, NestedDetail } from '../../schemas/detail-messages';
import { ajvProblem } from '../kernel/http/ajv-problem';
import { ClientError } from '../kernel/http/errors';

export interface FieldError {
  path: string;
  message: string;
  /** The rule broken, when the console has its own words for it (`resources.<res>.errors.<field>.<keyword>`). */
  keyword?: string;
  /** The problem's code (schemas/detail-messages.ts): the console says it in the user's language. */
  code?: DetailCode;
  /** A parameter may be a coded problem itself (a post-processing rule's `reason`), said first. */
  params?: Record<string, string | number | NestedDetail>;
}

/**
 * One Ajv for every resource: draft-07, all errors at once, no coercion (a wrong type is an error,
 * not a guess), defaults filled in on create. `x-admin` is ours, declared so that strict mode
 * still catches typos in the schemas themselves.
 */
const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, allowUnionTypes: true });
addFormats(ajv);
ajv.addKeyword({ keyword: 'x-admin', schemaType: 'object' });

/** The schema a client writes on create: without the fields the server sets. */
const writableSchema = (schema: ResourceSchema) => {
  const readOnly = new Set(schema['x-admin'].readOnly ?? []);
  const { $id: _id, 'x-admin': _admin, ...rest } = schema;
  return {
    ...rest,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([f]) => !readOnly.has(f))),
    required: (schema.required ?? []).filter((f) => !readOnly.has(f)),
  };
};

/** `make`'s value, made at the first call. */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A detail, whether its message is the schema's own (`x-admin.errorMessages`), and the rule it
 * breaks (Ajv's keyword, or a store's own): the console translates `errors.<field>.<keyword>`.
 */
/** A problem found: `keyword` is its stable code, `params` what the console needs to say it in its words. */
type Found = FieldError & { custom?: boolean };

const toFieldError = (e: ErrorObject, messages: Record<string, Record<string, string>>): Found => {
  const base = e.instancePath.split('/').slice(1).map(unescapePointer);
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const path = [...base, params.missingProperty ?? params.additionalProperty]
    .filter((s) => s !== undefined && s !== '')
    .join('.');
  // `projects.access` also serves `projects.0.access`: a message is written once per field.
  const custom = (messages[path] ?? messages[path.replace(/\.\d+(?=\.|$)/g, '')])?.[e.keyword];
  if (custom) return { path, message: custom, custom: true, keyword: e.keyword };
  const message = params.additionalProperty
    ? 'is not a known field'
    : params.missingProperty
      ? 'is required'
      : (e.message ?? 'is invalid');
  return { path: path || '(body)', message, keyword: e.keyword, ...ajvProblem(e) };
};

/**
 * The 400 of DESIGN.md §5: `details` with every field path, and one message naming them all. A
 * schema's own message (a spec text) stands alone, so the user reads exactly that.
 */
export const validationError = (found: readonly Found[]) =>
  new ClientError(
    400,
    'VALIDATION_FAILED',
    found.map((d) => (d.custom ? d.message : `${d.path} ${d.message}`)).join('; '),
    {
      // The fields the console names in its own words (its forms show each one's message).
      params: { fields: [...new Set(found.map((d) => d.path))].join(', ') },
      details: found.map(({ path, message, keyword, code, params }) => ({
        path,
        message,
        ...(keyword ? { keyword } : {}),
        ...(code ? { code } : {}),
        ...(params ? { params } : {}),
      })),
    },
  );

/** A schema's conditions (`if`), each compiled once, answering whether a record meets it. */
const conditionChecker = (schema: ResourceSchema): Holds => {
  const compiled = new Map<object, ValidateFunction>();
  const compile = (condition: object) => ajv.compile({ type: 'object', ...condition });
  for (const condition of conditionsOf(schema)) compiled.set(condition.if, compile(condition.if));
  return (condition, value) => (compiled.get(condition) ?? compile(condition))(value);
};

/**
 * The validators of one resource, compiled once from its schema, at first use.
 * - `create`: the writable fields (read-only ones are refused before), defaults applied.
 * - `update`: the whole record as it will be stored (the stored record with the body over it).
 * Both first drop, in place, the values of fields the record's choices do not take (an `if`'s
 * branches, schemas/_defs/conditions.ts): hidden in the form, they are neither checked nor kept.
 * `x-admin.errorMessages` replace Ajv's words for a field and keyword.
 */
export const resourceValidator = (schema: ResourceSchema) => {
  const messages = schema['x-admin'].errorMessages ?? {};
  const { $id: _id, 'x-admin': _admin, ...full } = schema;
  // Compiled at first use, not at every start (part of the Ajv work a start did). A test compiles
  // them all (resources/validation.test.ts), so a schema Ajv refuses still fails before it ships.
  const create = once(() => ajv.compile(writableSchema(schema)));
  const update = once(() => ajv.compile(full));
  const holds = once(() => conditionChecker(schema));

  const run = (validate: ValidateFunction, record: Record<string, unknown>, extra: FieldError[]) => {
    const dropInactive = () => {
      for (const field of inactiveFields(schema, record, holds())) delete record[field];
    };
    dropInactive();
    const found: Found[] = [...extra];
    const valid = validate(record);
    // Ajv fills defaults in, those of fields the choices do not take too (flags of a regex).
    dropInactive();
    if (!valid) {
      for (const e of validate.errors ?? []) {
        // "must match the then schema" only repeats the branch's own errors, already listed.
        if (e.keyword === 'if') continue;
        const d = toFieldError(e, messages);
        if (!found.some((x) => x.path === d.path && x.message === d.message)) found.push(d);
      }
    }
    if (found.length > 0) throw validationError(found);
  };

  return {
    /** Compiles both validators now (a test does, for every resource). */
    compile: () => (holds(), [create(), update()].length),
    /** Throws the 400; `extra`: errors found before (read-only fields). Fills defaults in place. */
    create: (record: Record<string, unknown>, extra: FieldError[] = []) => run(create(), record, extra),
    update: (record: Record<string, unknown>, extra: FieldError[] = []) => run(update(), record, extra),
  };
};

export type ResourceValidator = ReturnType<typeof resourceValidator>;

/**
 * Problems of a value against a plain JSON Schema (one that is not a resource), with the paths and
 * messages of the resources' validation; defaults are filled in.
 */
export const schemaProblems = (schema: object): ((value: unknown) => FieldError[]) => {
  const validate = ajv.compile(schema);
  return (value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((e) => ({
          path:
            [
              ...e.instancePath.split('/').slice(1),
              (e.params as { additionalProperty?: string }).additionalProperty,
            ]
              .filter(Boolean)
              .join('.') || '(value)',
          message: (e.params as { additionalProperty?: string }).additionalProperty
            ? 'is not a known field'
            : (e.message ?? 'is invalid'),
          ...ajvProblem(e),
        }));
};
