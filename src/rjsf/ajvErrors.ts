import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { run, toJson, type Json, type Prepared } from './interpreter';
import type { ErrorObject } from 'ajv';

/**
 * The interpreter's errors as Ajv's (validator.ts): the entry of each failed keyword located in its
 * schema, given Ajv's params, English message and paths, in Ajv's order — so that rjsf and the
 * console's translation (validationMessages.ts) see what Ajv would give.
 */

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
export const toAjvErrors = (prepared: Prepared, data: Json, output: OutputUnit[]): ErrorObject[] => {
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
