import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas/index';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { resourceValidator } from './validation';

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
