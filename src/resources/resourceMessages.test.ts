import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas';
import type { ResourceSchema } from '../../schemas';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import type { MessageTree } from '../i18n/mergeMessages';
import { enumPaths, fieldPaths } from './fields';

/** Dotted key → message, as polyglot flattens the tree (keys may hold dots: `fields['projects.access']`). */
const flatten = (tree: MessageTree, prefix = ''): Map<string, unknown> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]): [string, unknown][] =>
      typeof value === 'object' && value !== null
        ? [...flatten(value as MessageTree, `${prefix}${key}.`)]
        : [[`${prefix}${key}`, value]],
    ),
  );

/** Every translation key a resource's generated views ask for (DESIGN.md §4), with the English text the spec fixes. */
const requiredKeys = (schema: ResourceSchema): { key: string; english?: string }[] => {
  const { path, errorMessages = {}, unique = [], computedColumns = {} } = schema['x-admin'];
  const prefix = `resources.${path}`;
  return [
    { key: `${prefix}.name` },
    ...fieldPaths(schema.properties).map((field) => ({ key: `${prefix}.fields.${field}` })),
    ...Object.keys(computedColumns).map((column) => ({ key: `${prefix}.fields.${column}` })),
    ...enumPaths(schema.properties).flatMap(([field, values]) =>
      values.map((value) => ({ key: `${prefix}.values.${field}.${value}` })),
    ),
    ...Object.entries(errorMessages).flatMap(([field, byKeyword]) =>
      Object.entries(byKeyword).map(([keyword, text]) => ({
        key: `${prefix}.errors.${field}.${keyword}`,
        english: text,
      })),
    ),
    ...unique.flatMap((entry) =>
      entry.fields.map((field) => ({ key: `${prefix}.errors.${field}.unique`, english: entry.message })),
    ),
  ];
};

const french = flatten(fr);
const english = flatten(en);
const missingIn = (messages: Map<string, unknown>, schema: ResourceSchema) =>
  requiredKeys(schema)
    .map(({ key }) => key)
    .filter((key) => typeof messages.get(key) !== 'string' || messages.get(key) === '');

describe('resource translations (DESIGN.md §4)', () => {
  it.each(resourceSchemas.map((schema) => [schema['x-admin'].path, schema] as const))(
    '%s has a label for every field, enum value and spec message in French and English',
    (_path, schema) => {
      expect(missingIn(french, schema)).toEqual([]);
      expect(missingIn(english, schema)).toEqual([]);
    },
  );

  it('gives the spec messages word for word in English', () => {
    const fixed = resourceSchemas.flatMap(requiredKeys).filter((entry) => entry.english !== undefined);
    expect(fixed.length).toBeGreaterThan(0);
    for (const { key, english: text } of fixed) expect(english.get(key)).toBe(text);
  });

  it('notices a field, a nested field or an enum value without a label (the check itself works)', () => {
    const members = resourceSchemas.find((schema) => schema['x-admin'].path === 'members');
    if (!members) throw new Error('members schema expected');
    const grown: ResourceSchema = {
      ...members,
      properties: {
        ...members.properties,
        nickname: { type: 'string' },
        teams: { type: 'array', items: { type: 'object', properties: { level: { enum: ['low'] } } } },
      },
    };
    expect(missingIn(french, grown)).toEqual([
      'resources.members.fields.nickname',
      'resources.members.fields.teams',
      'resources.members.fields.teams.level',
      'resources.members.values.teams.level.low',
    ]);
  });
});
