import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import validatorAjv8 from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it } from 'vitest';
import { validator } from './validator';

/** A form's schema as the console builds them: draft-07, formats, nested objects and arrays, $refs, conditions. */
const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'email', 'kind'],
  definitions: {
    port: { type: 'integer', minimum: 1, maximum: 65535 },
  },
  properties: {
    name: { type: 'string', title: 'Name', minLength: 3, maxLength: 10, pattern: '^[a-z]+$' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    at: { type: 'string', format: 'date-time' },
    id: { type: 'string', format: 'uuid' },
    port: { $ref: '#/definitions/port' },
    ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
    kind: { type: 'string', enum: ['a', 'b'] },
    fixed: { const: 'x' },
    tags: {
      type: 'array',
      items: { type: 'string', minLength: 2 },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    address: {
      type: 'object',
      additionalProperties: false,
      required: ['city'],
      properties: { city: { type: 'string', minLength: 1 }, zip: { type: 'string' } },
    },
    mode: { type: 'string' },
    url: { type: 'string' },
    either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    some: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
  },
  if: { properties: { mode: { const: 'remote' } }, required: ['mode'] },
  then: { required: ['url'] },
};

const invalid = {
  name: 'AB',
  email: 'not an email',
  site: 'no scheme',
  at: '2026-13-01',
  id: '1234',
  port: 70000,
  ratio: 0.3,
  kind: 'c',
  fixed: 'y',
  tags: ['a', 'bb', 'bb', 'cc'],
  address: { city: '', country: 'FR' },
  mode: 'remote',
  either: 1.5,
  some: 3,
  emptied: undefined,
};

const shape = (errors: RJSFValidationError[]) =>
  errors
    .map(({ name, property, params, message, stack, schemaPath }) => ({
      name,
      property,
      params: params as unknown,
      message,
      stack,
      schemaPath,
    }))
    .sort((a, b) => `${a.property} ${a.name} ${a.stack}`.localeCompare(`${b.property} ${b.name} ${b.stack}`));

describe('the forms’ validator', () => {
  it('gives the errors Ajv gives — keyword, property, params, message, paths — for every rule the forms use', () => {
    const ours = validator.validateFormData(invalid, schema);
    const ajv = validatorAjv8.validateFormData(invalid, schema);
    expect(ours.errors.length).toBeGreaterThan(15);
    expect(shape(ours.errors)).toEqual(shape(ajv.errors));
    expect(ours.errorSchema).toEqual(ajv.errorSchema);
  });

  it('says a field emptied in the form (its value undefined) is missing, as Ajv does', () => {
    const { errors } = validator.validateFormData({ name: undefined, email: 'a@b.co', kind: 'a' }, schema);
    expect(errors.map((e) => [e.name, e.property, e.params as unknown])).toEqual([
      ['required', 'name', { missingProperty: 'name' }],
    ]);
  });

  it('checks the formats as the server does (ajv-formats), and accepts valid data', () => {
    const valid = {
      name: 'abc',
      email: 'a@example.org',
      site: 'https://example.org/x',
      at: '2026-12-01T10:00:00Z',
      id: '0b5e7f1c-7d4a-4c53-9b3e-2f1a6c9d8e70',
      port: 443,
      kind: 'a',
    };
    expect(validator.validateFormData(valid, schema).errors).toEqual([]);
    // A format ajv-formats accepts any string for.
    expect(validator.isValid({ type: 'string', format: 'password' }, 'secret', {})).toBe(true);
    const { errors } = validator.validateFormData({ ...valid, at: '2026-12-01 10:00' }, schema);
    expect(errors.map((e) => [e.name, e.property, e.params as unknown])).toEqual([
      ['format', '.at', { format: 'date-time' }],
    ]);
  });

  it('matches a subschema whose $ref points into the root schema (rjsf’s oneOf/anyOf options, if/then/else)', () => {
    const root: RJSFSchema = {
      definitions: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
      oneOf: [{ properties: { code: { $ref: '#/definitions/code' } }, required: ['code'] }],
    };
    const option = (root.oneOf as RJSFSchema[])[0]!;
    expect(validator.isValid(option, { code: 'ABC' }, root)).toBe(true);
    expect(validator.isValid(option, { code: 'abc' }, root)).toBe(false);
    expect(validator.isValid(option, {}, root)).toBe(false);
    // The same subschema under another root finds that root's definitions.
    const other: RJSFSchema = { definitions: { code: { type: 'string', pattern: '^[a-z]{3}$' } } };
    expect(validator.isValid(option, { code: 'abc' }, other)).toBe(true);
  });

  describe('with code generation forbidden (the page’s Content-Security-Policy has no unsafe-eval)', () => {
    const realFunction = globalThis.Function;
    afterEach(() => {
      globalThis.Function = realFunction;
    });

    it('validates a schema built at run time, and matches options', () => {
      // What a browser does under the policy: `new Function(…)` (and eval) is refused.
      globalThis.Function = new Proxy(realFunction, {
        construct: () => {
          throw new EvalError('Refused to evaluate a string as JavaScript: unsafe-eval is not allowed');
        },
        apply: () => {
          throw new EvalError('Refused to evaluate a string as JavaScript: unsafe-eval is not allowed');
        },
      });
      // Built here, as the organisation settings build theirs (fields read-only by role).
      const built: RJSFSchema = {
        type: 'object',
        required: ['label'],
        properties: { label: { type: 'string', minLength: 2, readOnly: Math.random() > 2 } },
      };
      const { errors } = validator.validateFormData({ label: 'x' }, built);
      expect(errors.map((e) => [e.name, e.property, e.params as unknown])).toEqual([
        ['minLength', '.label', { limit: 2 }],
      ]);
      expect(validator.isValid(built, { label: 'ok' }, built)).toBe(true);
      expect(validator.isValid(built, { label: 'x' }, built)).toBe(false);
    });
  });
});
