import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas/index';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { resourceValidator, schemaProblems } from './validation';

describe('resource validators', () => {
  it('compile for every resource schema the platform serves (they compile at first use)', () => {
    expect(resourceSchemas.length).toBeGreaterThan(10);
    for (const schema of resourceSchemas) expect(resourceValidator(schema).compile()).toBe(2);
  });

  it('fail to compile for a schema Ajv refuses, naming the problem', () => {
    const broken = {
      $id: 'broken',
      type: 'object',
      properties: { name: { type: 'strng' } },
      'x-admin': { scope: 'environment', path: 'broken' },
    } as unknown as ResourceSchema;
    expect(() => resourceValidator(broken).compile()).toThrow(
      /schema is invalid: data\/properties\/name\/type/,
    );
  });
});

describe('what Ajv refuses, by code (schemas/detail-messages.ts schema*)', () => {
  /** The details of a value the schema refuses: path, code and params (the message stays Ajv's). */
  const refused = (value: unknown) => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 5 },
        code: { type: 'string', pattern: '^[A-Z]+$' },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        level: { enum: ['low', 'high'] },
        mail: { type: 'string', format: 'email' },
        tags: { type: 'array', minItems: 2, maxItems: 3, uniqueItems: true, items: { type: 'string' } },
        kind: { const: 'fixed' },
        either: { not: { type: 'boolean' } },
      },
    };
    return schemaProblems(schema)(value).map(({ path, code, params, message }) => ({
      path,
      code,
      params,
      message,
    }));
  };

  it('says each keyword a user can meet with its parameters, and Ajv’s words for the rest as a detail', () => {
    const found = refused({
      code: 'abc',
      count: 12,
      level: 'mid',
      mail: 'nope',
      tags: ['a', 'a', 'b', 'c'],
      kind: 'other',
      either: true,
      extra: 1,
    });
    const byPath = Object.fromEntries(found.map(({ path, code, params }) => [`${path} ${code}`, params]));
    expect(byPath).toEqual({
      'extra schemaUnknownField': undefined,
      '(value) schemaRequired': undefined,
      'code schemaPattern': { pattern: '^[A-Z]+$' },
      'count schemaMaximum': { limit: 9 },
      'level schemaEnum': { values: 'low, high' },
      'mail schemaFormatEmail': undefined,
      'tags schemaMaxItems': { limit: 3 },
      'tags schemaUniqueItems': { first: 1, second: 2 },
      'kind schemaConst': { value: 'fixed' },
      'either schemaInvalid': { detail: 'must NOT be valid' },
    });
    expect(refused({ name: '', count: 0, tags: ['x'] }).map((p) => [p.path, p.code, p.params])).toEqual([
      ['name', 'schemaNotEmpty', undefined],
      ['count', 'schemaMinimum', { limit: 1 }],
      ['tags', 'schemaMinItems', { limit: 2 }],
    ]);
    expect(refused({ name: 'toolong', count: 'x' }).map((p) => [p.path, p.code, p.params])).toEqual([
      ['name', 'schemaMaxLength', { limit: 5 }],
      ['count', 'schemaTypeInteger', undefined],
    ]);
    // API clients keep Ajv's own words.
    expect(refused({ name: 'toolong' })[0].message).toBe('must NOT have more than 5 characters');
  });
});
