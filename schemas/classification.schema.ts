import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { CATEGORY_KINDS, CLASSIFICATION_KINDS, type ClassificationKind } from './bank-message.schema';

/** How a classification's values are read (spec pipeline §3 "Value types"). */
export const VALUE_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/**
 * A classification of the project's testing centre (spec pipeline §3 "Classification kinds",
 * docs/testing-centre.md "Classifications: value types, ignored, private"): one category or one
 * extracted field of a kind, with how its values compare (its value type), whether tests score it
 * (ignored: left out, listed apart) and whether it leaves the project's team (private: left out of
 * the results' exports). A classification without settings is a public, scored string.
 */
export const classificationSchema = defineResourceSchema({
  $id: 'classification',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: CLASSIFICATION_KINDS, default: 'extracted_informations' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    valueType: { type: 'string', enum: VALUE_TYPES, default: 'string' },
    ignored: { type: 'boolean', default: false },
    visibility: { type: 'string', enum: ['public', 'private'], default: 'public' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'classifications',
    storage: 'document',
    listColumns: ['kind', 'name', 'valueType', 'ignored', 'visibility', 'updatedAt'],
    searchFields: ['name'],
    filters: ['kind', 'valueType', 'visibility'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    // The testing centre's settings: the qualifier level, as the rest of it (spec §6).
    access: { read: 'qualifier', write: 'qualifier' },
    unique: [
      {
        fields: ['kind', 'name'],
        code: 'CLASSIFICATION_EXISTS',
        message: 'This classification already has settings in this project',
      },
    ],
    readOnly: ['id', 'projectId', 'createdAt', 'updatedAt'],
  },
});
export type Classification = FromSchema<typeof classificationSchema>;

export const isCategoryKind = (kind: ClassificationKind | string) =>
  (CATEGORY_KINDS as readonly string[]).includes(kind);

const SPACES = /[\s\u00a0\u202f']/g;

/** A number as people write it: 1234.5, 1 234,50, 1,234.50, 1.234,50, -3, +2e3. */
const numberOf = (text: string): number | null => {
  let t = text.replace(SPACES, '');
  const dot = t.lastIndexOf('.');
  const comma = t.lastIndexOf(',');
  // The later of the two marks is the decimal one; the other groups thousands.
  if (dot >= 0 && comma >= 0) t = dot > comma ? t.replace(/,/g, '') : t.replace(/\./g, '').replace(',', '.');
  else if (comma >= 0)
    t =
      /^[+-]?\d{1,3}(,\d{3})+$/.test(t) && (t.match(/,/g) ?? []).length > 1
        ? t.replace(/,/g, '')
        : t.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

const TRUE = new Set(['true', 'yes', 'oui', 'vrai', '1', 'y', 'o']);
const FALSE = new Set(['false', 'no', 'non', 'faux', '0', 'n']);

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** JSON with object keys sorted at every depth: two objects equal but for key order write the same. */
const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

const element = (value: unknown) => (typeof value === 'string' ? value.trim() : canonicalJson(value));

/**
 * A value in the one spelling of its type, so that two ways of writing it compare equal: numbers
 * as JavaScript writes them (`1 234,50` → `1234.5`), booleans as `true` / `false` (oui, yes, 1…),
 * arrays as their sorted elements (a JSON array, or items separated by commas, semicolons or new
 * lines), objects as JSON with sorted keys. Strings are kept as they are. Null: not of that type.
 *
 * @example canonicalValue('number', '1 234,50') // '1234.5'
 */
export const canonicalValue = (type: ValueType, text: string): string | null => {
  switch (type) {
    case 'string':
      return text;
    case 'number': {
      const n = numberOf(text.trim());
      return n === null ? null : String(n);
    }
    case 'boolean': {
      const t = text.trim().toLowerCase();
      return TRUE.has(t) ? 'true' : FALSE.has(t) ? 'false' : null;
    }
    case 'array': {
      const json = parsed(text);
      const items = Array.isArray(json)
        ? json.map(element)
        : text
            .split(/[,;\n]/)
            .map((s) => s.trim())
            .filter(Boolean);
      return JSON.stringify([...items].sort());
    }
    case 'object': {
      const json = parsed(text);
      return json !== null && typeof json === 'object' && !Array.isArray(json) ? canonicalJson(json) : null;
    }
  }
};
