// Import: a configuration document checked against its format, its schemas and itself, then
// written over an environment's configuration.
import { randomUUID } from 'node:crypto';
import { fieldProblem } from '../../../schemas/detail-messages';
import type { ResourceSchema } from '../../../schemas/_defs/admin';
import type { Queryable } from '../../kernel/db';
import { danglingReferences } from '../../configuration/references';
import { modulesOf } from '../../configuration/modules';
import { consolidationRunsFirst } from '../../../schemas/modules';
import { rulesUsingConsolidation } from '../../pipeline/categorisation/criteria';
import { isBuiltinArchetype } from '../../pipeline/nlu/builtins';
import type { ClientError } from '../../kernel/http/errors';
import { extractorSettingsBodySchema } from '../../../schemas/extractor-settings';
import { replyTemplateProblems, templateDoc } from '../../configuration/reply-template-rules';
import { resourceValidator, schemaProblems, type FieldError } from '../../resources/validation';
import {
  CONFIGURATION_FORMAT,
  CONFIGURATION_VERSION,
  configurationResources,
  type CheckedConfiguration,
  type Entity,
} from './document';
import { coded, MISSING_CODES, refuse, sameAs, type Problem } from './problems';

const extractorProblems = schemaProblems(extractorSettingsBodySchema);

/**
 * Rules over every entity of a kind at once (an include cycle needs all the templates), by resource
 * path; the save-time rules of server/configuration/save-rules.ts apply the same ones one entity at a time.
 */
const WHOLE_KIND_RULES: Record<string, (entities: Entity[]) => { index: number; error: FieldError }[]> = {
  'reply-templates': (list) => replyTemplateProblems(list.map(templateDoc)),
};

/** The record fields the table's columns hold: never part of an entity's content. */
const COLUMN_FIELDS = new Set(['id', 'environmentId', 'createdAt', 'updatedAt']);

type Data = Record<string, unknown>;
/** The part of a JSON Schema an id remap reads. */
interface JsonSchema {
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
  // A rule testing the consolidation's labels needs the consolidation before the categorization.
  const categoriesKind = [...resources].find(([, schema]) => schema.$id === 'category')?.[0];
  if (categoriesKind && !consolidationRunsFirst(modulesOf(settings, extractor)))
    (entities.get(categoriesKind) ?? []).forEach((category, i) => {
      const rules = category.rules as { name: string }[];
      for (const j of rulesUsingConsolidation(rules))
        problems.push(
          fieldProblem(`entities.${categoriesKind}.${i}.rules.${j}.criteria`, 'criterionConsolidationFirst', {
            rule: String(rules[j].name),
          }),
        );
    });
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
