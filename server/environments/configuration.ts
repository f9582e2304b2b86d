import { randomUUID } from 'node:crypto';
import {
  fieldProblem,
  fillTemplate,
  DETAIL_MESSAGES_EN,
  type DetailCode,
  type NestedDetail,
} from '../../schemas/detail-messages';
import type { ErrorCode } from '../../schemas/error-codes';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Queryable } from '../kernel/db';
import { danglingReferences } from '../configuration/references';
import { isBuiltinArchetype } from '../pipeline/nlu/builtins';
import { ClientError } from '../kernel/http/errors';
import { extractorSettingsBodySchema, type ExtractorSettingsInput } from '../../schemas/extractor-settings';
import { withDefaults } from '../pipeline/extractor/settings';
import { settingsWithDefaults } from './settings';
import { replyTemplateProblems, templateDoc } from '../configuration/reply-template-rules';
import { resourceValidator, schemaProblems, type FieldError } from '../resources/validation';

/**
 * An environment's configuration as one JSON document
 * (docs/decisions/resources-configuration-document.md): its settings and every configuration entity
 * stored in it (the environment-scoped document resources: archetypes, categories, templates…),
 * keyed by resource path. Export, import, versions and their differences all work on this one shape. Credentials (access keys) and analyses are not
 * configuration.
 */
export const CONFIGURATION_FORMAT = 'environment-configuration';
export const CONFIGURATION_VERSION = 1;
/** The largest import accepted, in bytes: far above any real configuration. */
export const CONFIGURATION_MAX_BYTES = 20 * 1024 * 1024;

export type Entity = { id: string } & Record<string, unknown>;

export interface Configuration {
  format: typeof CONFIGURATION_FORMAT;
  version: typeof CONFIGURATION_VERSION;
  settings: Record<string, unknown>;
  /** The extractor module's settings, when they were ever saved (defaults otherwise). */
  extractor?: Record<string, unknown>;
  entities: Record<string, Entity[]>;
}

/** A checked configuration, ready to write. */
export interface CheckedConfiguration {
  settings: Record<string, unknown>;
  extractor: Record<string, unknown> | undefined;
  entities: Map<string, Entity[]>;
}

const extractorProblems = schemaProblems(extractorSettingsBodySchema);

/** The document resources that make up a configuration, by their path. */
export const configurationResources = (schemas: readonly ResourceSchema[]) =>
  new Map(
    schemas
      .filter((s) => s['x-admin'].scope === 'environment' && s['x-admin'].storage === 'document')
      .map((s) => [s['x-admin'].path, s] as const),
  );

/** The record fields the table's columns hold: never part of an entity's content. */
/**
 * Rules over every entity of a kind at once (an include cycle needs all the templates), by resource
 * path; the save-time rules of server/configuration/save-rules.ts apply the same ones one entity at a time.
 */
const WHOLE_KIND_RULES: Record<string, (entities: Entity[]) => { index: number; error: FieldError }[]> = {
  'reply-templates': (list) => replyTemplateProblems(list.map(templateDoc)),
};

const COLUMN_FIELDS = new Set(['id', 'environmentId', 'createdAt', 'updatedAt']);

/** The environment's configuration now, entities in creation order. */
export const readConfiguration = async (
  q: Queryable,
  environmentId: string,
  schemas: readonly ResourceSchema[],
): Promise<Configuration> => {
  const resources = configurationResources(schemas);
  const [env] = await q.query<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM environments WHERE id = $1',
    [environmentId],
  );
  const rows = await q.query<{ resource: string; id: string; data: Record<string, unknown> }>(
    `SELECT resource, id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 ORDER BY created_at, id`,
    [environmentId],
  );
  const [extractor] = await q.query<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM extractor_settings WHERE environment_id = $1',
    [environmentId],
  );
  const entities: Record<string, Entity[]> = {};
  const pathOf = new Map([...resources.values()].map((s) => [s.$id, s['x-admin'].path]));
  for (const path of pathOf.values()) entities[path] = [];
  for (const row of rows) {
    const path = pathOf.get(row.resource);
    if (path) entities[path].push({ id: row.id, ...row.data });
  }
  return {
    format: CONFIGURATION_FORMAT,
    version: CONFIGURATION_VERSION,
    settings: env?.settings ?? {},
    ...(extractor ? { extractor: extractor.settings } : {}),
    entities,
  };
};

type Data = Record<string, unknown>;
/** The part of a JSON Schema an id remap reads. */
interface JsonSchema {
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

export interface Problem {
  path: string;
  message: string;
  /** A coded problem (schemas/detail-messages.ts): the console says it in the user's language. */
  code?: DetailCode;
  params?: Record<string, string | number | NestedDetail>;
}

/** A problem moved to `path`, its message and its code (when it has one) kept. */
const coded = (path: string, { message, code, params }: Problem): Problem => ({
  path,
  message,
  ...(code ? { code } : {}),
  ...(params ? { params } : {}),
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const refuse = (problems: Problem[]): never => {
  throw new ClientError(
    400,
    'INVALID_CONFIGURATION',
    `This configuration cannot be imported: ${problems
      .slice(0, 5)
      .map((p) => `${p.path} ${p.message}`)
      .join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    { details: problems },
  );
};

/** How a problem names a kind of entity it does not hold, by code (the English names the kind). */
const MISSING_CODES: Record<string, DetailCode> = {
  archetype: 'configArchetypeMissing',
  'interaction-function': 'configFunctionMissing',
  'nlu-context': 'configContextMissing',
  category: 'configCategoryMissing',
};

/** The configuration kinds' unique rules by code: a configSameAs `rule` (their English is the schemas'). */
const UNIQUE_CODES: Partial<Record<ErrorCode, DetailCode>> = {
  ARCHETYPE_EXISTS: 'uniqueArchetype',
  CATEGORY_EXISTS: 'uniqueCategory',
  FIELD_EXISTS: 'uniqueField',
  FUNCTION_EXISTS: 'uniqueFunction',
  INTERACTION_EXISTS: 'uniqueInteraction',
  CONTEXT_EXISTS: 'uniqueContext',
  SERVER_EXISTS: 'uniqueServer',
  TEMPLATE_EXISTS: 'uniqueTemplate',
};

/** A unique rule's detail code, when the registry has its very words (configuration.test.ts: every kind's has). */
export const uniqueRuleCode = (rule: { code: ErrorCode; message: string }): DetailCode | undefined => {
  const code = UNIQUE_CODES[rule.code];
  return code && DETAIL_MESSAGES_EN[code] === rule.message ? code : undefined;
};

/** A name twice in one kind: the kind's rule (by code when the registry has its words), and the entity before. */
const sameAs = (path: string, rule: { code: ErrorCode; message: string }, entity: number): Problem => {
  const code = uniqueRuleCode(rule);
  if (!code) return { path, message: `${rule.message} (entity ${entity} has the same)` };
  const params = { rule: { code }, entity };
  return {
    path,
    message: fillTemplate(DETAIL_MESSAGES_EN.configSameAs, params),
    code: 'configSameAs',
    params,
  };
};

/**
 * Checks a document against the format, every entity against its schema, and the whole: the
 * entities it names (by name: an archetype's sub-archetypes, an interaction's archetypes,
 * functions and contexts, a rule's categories) must be in it. Answers the entities with new ids
 * (unless `keepIds`: a version restored into its own environment); nothing else in them changes,
 * a name that looks like an id included. Every problem is reported at once, with its path in the
 * document.
 */
export const checkConfiguration = (
  document: unknown,
  schemas: readonly ResourceSchema[],
  settingsValidator: (settings: Record<string, unknown>) => Problem[],
  { keepIds = false }: { keepIds?: boolean } = {},
): CheckedConfiguration => {
  if (!isObject(document)) return refuse([fieldProblem('(document)', 'configNotObject')]);
  if (document.format !== CONFIGURATION_FORMAT)
    refuse([fieldProblem('format', 'configFormat', { format: CONFIGURATION_FORMAT })]);
  if (document.version !== CONFIGURATION_VERSION)
    refuse([
      fieldProblem('version', 'configVersion', {
        version: JSON.stringify(document.version ?? null),
        expected: CONFIGURATION_VERSION,
      }),
    ]);
  const problems: Problem[] = [];
  const settings = isObject(document.settings) ? document.settings : {};
  if (document.settings !== undefined && !isObject(document.settings))
    problems.push(fieldProblem('settings', 'configMustBeObject'));
  else problems.push(...settingsValidator(settings).map((p) => ({ ...p, path: `settings.${p.path}` })));

  const extractor = isObject(document.extractor) ? document.extractor : undefined;
  if (document.extractor !== undefined && !extractor)
    problems.push(fieldProblem('extractor', 'configMustBeObject'));
  else if (extractor)
    problems.push(...extractorProblems(extractor).map((p) => ({ ...p, path: `extractor.${p.path}` })));

  const resources = configurationResources(schemas);
  const given = isObject(document.entities) ? document.entities : {};
  if (document.entities !== undefined && !isObject(document.entities))
    problems.push(fieldProblem('entities', 'configEntitiesNotObject'));
  const unknown = Object.keys(given).filter((kind) => !resources.has(kind));
  for (const kind of unknown) problems.push(fieldProblem(`entities.${kind}`, 'configKindUnknown'));

  const newIds = new Map<string, string>();
  for (const [kind, list] of Object.entries(given)) {
    if (!resources.has(kind)) continue;
    if (!Array.isArray(list)) {
      problems.push(fieldProblem(`entities.${kind}`, 'configMustBeList'));
      continue;
    }
    list.forEach((entity, i) => {
      const id = isObject(entity) ? entity.id : undefined;
      if (typeof id !== 'string' || id === '')
        problems.push(fieldProblem(`entities.${kind}.${i}.id`, 'configIdRequired'));
      else if (newIds.has(id)) problems.push(fieldProblem(`entities.${kind}.${i}.id`, 'configIdTwice'));
      else newIds.set(id, keepIds ? id : randomUUID());
    });
  }
  /**
   * An entity's references by id follow the new ids: the fields its schema declares as ids
   * (`format: 'uuid'`), nothing else — a name that looks like an id stays as written. The NLU's
   * entities name each other by name (checked below).
   */
  const remapIds = (schema: JsonSchema | undefined, value: unknown): unknown => {
    if (!schema) return value;
    if (typeof value === 'string') return schema.format === 'uuid' ? (newIds.get(value) ?? value) : value;
    if (Array.isArray(value)) return value.map((v) => remapIds(schema.items, v));
    if (isObject(value))
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, remapIds(schema.properties?.[k], v)]),
      );
    return value;
  };

  const entities = new Map<string, Entity[]>();
  for (const [kind, schema] of resources) {
    const list = Array.isArray(given[kind]) ? (given[kind] as unknown[]) : [];
    const validate = resourceValidator(schema);
    const checked: Entity[] = [];
    list.forEach((raw, i) => {
      if (!isObject(raw)) {
        problems.push(fieldProblem(`entities.${kind}.${i}`, 'configMustBeObject'));
        return;
      }
      const content = Object.fromEntries(Object.entries(raw).filter(([k]) => !COLUMN_FIELDS.has(k)));
      const entity = {
        ...(remapIds(schema as JsonSchema, content) as Data),
        id: newIds.get(raw.id as string) ?? '',
      };
      try {
        validate.update(entity);
      } catch (err) {
        const details = (err as ClientError).extra?.details as Problem[] | undefined;
        for (const d of details ?? [{ path: '(entity)', message: String(err) }])
          problems.push(coded(`entities.${kind}.${i}.${d.path}`, d));
      }
      checked.push(entity);
    });
    // The schema's unique fields, as the API enforces them one record at a time.
    for (const rule of schema['x-admin'].unique ?? []) {
      const seen = new Map<string, number>();
      checked.forEach((entity, i) => {
        const key = JSON.stringify(
          rule.fields.map((f) =>
            typeof entity[f] === 'string' ? (entity[f] as string).toLowerCase() : entity[f],
          ),
        );
        const earlier = seen.get(key);
        if (earlier === undefined) seen.set(key, i);
        else problems.push(sameAs(`entities.${kind}.${i}.${rule.fields.join('+')}`, rule, earlier));
      });
    }
    for (const { index, error } of WHOLE_KIND_RULES[kind]?.(checked) ?? [])
      problems.push(coded(`entities.${kind}.${index}.${error.path}`, error));
    entities.set(kind, checked);
  }
  const byResource = new Map([...entities].map(([kind, list]) => [resources.get(kind)!.$id, list]));
  const pathOf = new Map([...resources].map(([kind, schema]) => [schema.$id, kind]));
  for (const d of danglingReferences(
    byResource,
    (kind, name) => kind === 'archetype' && isBuiltinArchetype(name),
  )) {
    const path = `entities.${pathOf.get(d.resource)}.${d.index}.${d.path}`;
    const code = MISSING_CODES[d.kind];
    problems.push(
      code
        ? fieldProblem(path, code as 'configArchetypeMissing', { name: d.name })
        : { path, message: `names the ${d.kind} '${d.name}', which this configuration does not hold` },
    );
  }
  if (problems.length > 0) refuse(problems);
  return { settings, extractor, entities };
};

/**
 * Replaces an environment's configuration with a checked one, in the caller's transaction: every
 * entity of it is deleted, the new ones written in the document's order, the settings replaced
 * (its identity — name, visibility — stays). A failure rolls all of it back.
 */
export const writeConfiguration = async (
  tx: Queryable,
  environmentId: string,
  checked: CheckedConfiguration,
  schemas: readonly ResourceSchema[],
) => {
  const resources = configurationResources(schemas);
  await tx.query(`DELETE FROM resource_documents WHERE scope = 'environment' AND scope_id = $1`, [
    environmentId,
  ]);
  let ordinal = 0;
  for (const [kind, list] of checked.entities) {
    const resource = resources.get(kind)?.$id;
    for (const { id, ...data } of list) {
      // Creation order is the document's order: an export lists them the same way again.
      await tx.query(
        `INSERT INTO resource_documents (scope, scope_id, resource, id, data, created_at, updated_at)
         VALUES ('environment', $1, $2, $3, $4::jsonb, now() + $5 * interval '1 microsecond', now())`,
        [environmentId, resource, id, JSON.stringify(data), ordinal++],
      );
    }
  }
  await tx.query('UPDATE environments SET settings = $2::jsonb WHERE id = $1', [
    environmentId,
    JSON.stringify(checked.settings),
  ]);
  await tx.query('DELETE FROM extractor_settings WHERE environment_id = $1', [environmentId]);
  if (checked.extractor) {
    await tx.query('INSERT INTO extractor_settings (environment_id, settings) VALUES ($1, $2)', [
      environmentId,
      JSON.stringify(checked.extractor),
    ]);
  }
  return ordinal;
};

export interface Difference {
  /** `settings.retention`, `entities.archetypes.Invoice.terms`… */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** What an entity is called in a difference: its name when it has one, else its id. */
const labelOf = (entity: Entity) =>
  typeof entity.name === 'string' && entity.name !== '' ? entity.name : entity.id;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The differences from `before` to `after`, field by field: settings and extractor settings (each
 * over its defaults), then entities matched by name (ids differ between an environment and its
 * imports), a whole entity when it appears or goes.
 */
export const diffConfigurations = (before: Configuration, after: Configuration): Difference[] => {
  const out: Difference[] = [];
  const fields = (path: string, a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (key === 'id' || same(a[key], b[key])) continue;
      if (!(key in a)) out.push({ path: `${path}.${key}`, kind: 'added', after: b[key] });
      else if (!(key in b)) out.push({ path: `${path}.${key}`, kind: 'removed', before: a[key] });
      else out.push({ path: `${path}.${key}`, kind: 'changed', before: a[key], after: b[key] });
    }
  };
  // Defaults filled in on both sides: a setting that was implied and is now written with the same
  // value did not change (the first save of a template's settings writes them all).
  fields('settings', settingsWithDefaults(before.settings), settingsWithDefaults(after.settings));
  const extractorOf = (c: Configuration) =>
    ({ ...withDefaults(c.extractor as ExtractorSettingsInput | undefined) }) as Record<string, unknown>;
  if (before.extractor || after.extractor) fields('extractor', extractorOf(before), extractorOf(after));
  for (const kind of [...new Set([...Object.keys(before.entities), ...Object.keys(after.entities)])].sort()) {
    const a = new Map((before.entities[kind] ?? []).map((e) => [labelOf(e), e]));
    const b = new Map((after.entities[kind] ?? []).map((e) => [labelOf(e), e]));
    for (const [label, entity] of a) {
      const other = b.get(label);
      if (!other) out.push({ path: `entities.${kind}.${label}`, kind: 'removed', before: entity });
      else fields(`entities.${kind}.${label}`, entity, other);
    }
    for (const [label, entity] of b)
      if (!a.has(label)) out.push({ path: `entities.${kind}.${label}`, kind: 'added', after: entity });
  }
  return out;
};
