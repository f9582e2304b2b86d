import { resourceSchemas } from '../../schemas/index';
import type { Queryable } from '../kernel/db';
import { ClientError } from '../kernel/http/errors';
import { writeAudit } from '../resources/audit';
import type { Criterion } from '../pipeline/categorisation/model';

type Data = Record<string, unknown>;
/** Rewrites one document's references from `from` to `to`; undefined when it has none. */
type Rewrite = (data: Data, from: string, to: string) => Data | undefined;
/** A name a document gives, at its path in the document (`parameters.2.archetype`). */
export interface NamedReference {
  path: string;
  name: string;
}
/** How one kind of document names another: rewrite the names, or list them. */
interface Reference {
  rewrite: Rewrite;
  names(data: Data): NamedReference[];
}

const strings = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const inList = (field: string): Reference => ({
  rewrite: (data, from, to) => {
    const list = data[field];
    if (!Array.isArray(list) || !list.includes(from)) return undefined;
    return { ...data, [field]: list.map((v) => (v === from ? to : v)) };
  },
  names: (data) =>
    strings(data[field]).flatMap((name, i) =>
      typeof name === 'string' ? [{ path: `${field}.${i}`, name }] : [],
    ),
});

const inFields = (...fields: string[]): Reference => ({
  rewrite: (data, from, to) => {
    const named = fields.filter((f) => data[f] === from);
    return named.length ? { ...data, ...Object.fromEntries(named.map((f) => [f, to])) } : undefined;
  },
  names: (data) =>
    fields.flatMap((f) => (typeof data[f] === 'string' && data[f] ? [{ path: f, name: data[f] }] : [])),
});

const inParameters: Reference = {
  rewrite: (data, from, to) => {
    const parameters = (data.parameters ?? []) as { archetype?: string }[];
    if (!parameters.some((p) => p.archetype === from)) return undefined;
    return {
      ...data,
      parameters: parameters.map((p) => (p.archetype === from ? { ...p, archetype: to } : p)),
    };
  },
  names: (data) =>
    (strings(data.parameters) as { archetype?: unknown }[]).flatMap((p, i) =>
      typeof p?.archetype === 'string' ? [{ path: `parameters.${i}.archetype`, name: p.archetype }] : [],
    ),
};

/** A criteria tree with its `type` leaves naming `from` renamed; the same object when none does. */
const renamedLeaves = (criterion: Criterion, type: string, from: string, to: string): Criterion => {
  if (criterion.type === type && criterion.name === from) return { ...criterion, name: to };
  if (!criterion.children) return criterion;
  const children = criterion.children.map((c) => renamedLeaves(c, type, from, to));
  return children.every((c, i) => c === criterion.children![i]) ? criterion : { ...criterion, children };
};

/** The names a criteria tree's `type` leaves give, with their paths under `path`. */
const leafNames = (criterion: Criterion | undefined, type: string, path: string): NamedReference[] =>
  !criterion
    ? []
    : criterion.type === type && typeof criterion.name === 'string'
      ? [{ path, name: criterion.name }]
      : (criterion.children ?? []).flatMap((c, i) => leafNames(c, type, `${path}.children.${i}`));

const inCriteria = (type: 'interaction' | 'category'): Reference => ({
  rewrite: (data, from, to) => {
    const rules = (data.rules ?? []) as { criteria: Criterion }[];
    const renamed = rules.map((r) => ({ ...r, criteria: renamedLeaves(r.criteria, type, from, to) }));
    return renamed.some((r, i) => r.criteria !== rules[i].criteria) ? { ...data, rules: renamed } : undefined;
  },
  names: (data) =>
    (strings(data.rules) as { criteria?: Criterion }[]).flatMap((r, i) =>
      leafNames(r?.criteria, type, `rules.${i}.criteria`),
    ),
});

/**
 * Where the configuration names each kind of entity (references are by name, as in exported
 * files, never by id): by named resource, the resources and fields that name it.
 */
const REFERENCES: Record<string, ({ resource: string } & Reference)[]> = {
  archetype: [
    { resource: 'archetype', ...inList('subArchetypes') },
    { resource: 'interaction', ...inParameters },
    { resource: 'extraction-field', ...inFields('archetype') },
  ],
  interaction: [
    { resource: 'category', ...inCriteria('interaction') },
    { resource: 'extraction-field', ...inFields('interaction') },
    {
      resource: 'interaction-function',
      ...inFields(
        'interactionAfter',
        'interactionBefore',
        'interactionAround',
        'interactionRightAfter',
        'interactionRightBefore',
        'interactionToFind',
      ),
    },
  ],
  'interaction-function': [{ resource: 'interaction', ...inList('functions') }],
  'nlu-context': [
    { resource: 'interaction', ...inList('contexts') },
    { resource: 'nlu-server', ...inList('contexts') },
  ],
  category: [{ resource: 'category', ...inCriteria('category') }],
};

/** The references a document of `resource` makes: the kind of entity it names, the name, and where. */
export const referencesOf = (resource: string, data: Data): (NamedReference & { kind: string })[] =>
  Object.entries(REFERENCES).flatMap(([kind, references]) =>
    references
      .filter((r) => r.resource === resource)
      .flatMap((r) => r.names(data).map((named) => ({ kind, ...named }))),
  );

const PATHS = new Map(resourceSchemas.map((s) => [s.$id, s['x-admin'].path]));

/** Who renamed: the rewritten documents are audit-logged as their updates. */
export interface Renamer {
  actorId: string;
  impersonatorId?: string;
}

/**
 * Follows a rename through the environment's configuration, in the caller's transaction: every
 * document that named the entity names it anew, each audit-logged as an update by the same
 * actor; a renamed category is also the default category of its kind when it was. The renamed
 * entity itself is written by the caller first (a category may test itself), so it is rewritten
 * here like any other. Answers how many references followed.
 *
 * @example
 *   await followRename(tx, envId, { resource: 'archetype', before, after }, actor) // 3
 */
export const followRename = async (
  q: Queryable,
  environmentId: string,
  renamed: { resource: string; before: Data; after: Data },
  actor: Renamer,
): Promise<number> => {
  const [from, to] = [renamed.before.name, renamed.after.name];
  const references = REFERENCES[renamed.resource] ?? [];
  if (typeof from !== 'string' || typeof to !== 'string' || from === to || references.length === 0) return 0;
  const rows = await q.query<{ resource: string; id: string; data: Data }>(
    `SELECT resource, id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 AND resource = ANY($2::text[])
     ORDER BY resource, id FOR UPDATE`,
    [environmentId, [...new Set(references.map((r) => r.resource))]],
  );
  let organisationId: string | undefined;
  let followed = 0;
  for (const row of rows) {
    let data = row.data;
    for (const { rewrite } of references.filter((r) => r.resource === row.resource))
      data = rewrite(data, from, to) ?? data;
    if (data === row.data) continue;
    await q.query(
      `UPDATE resource_documents SET data = $3::jsonb, updated_at = now() WHERE resource = $1 AND id = $2`,
      [row.resource, row.id, JSON.stringify(data)],
    );
    organisationId ??= await organisationOf(q, environmentId);
    await writeAudit(q, {
      ...actor,
      organisationId,
      action: 'update',
      resource: PATHS.get(row.resource) ?? row.resource,
      recordId: row.id,
      before: row.data,
      after: data,
    });
    followed += 1;
  }
  if (renamed.resource === 'category') {
    const setting = renamed.after.kind === 'attachment' ? 'defaultAttachmentCategory' : 'defaultCategory';
    const defaults = await q.query(
      `UPDATE environments SET settings = jsonb_set(settings, ARRAY[$4::text], to_jsonb($3::text))
       WHERE id = $1 AND settings->>$4 = $2 RETURNING id`,
      [environmentId, from, to, setting],
    );
    followed += defaults.length;
  }
  return followed;
};

const organisationOf = async (q: Queryable, environmentId: string) =>
  (
    await q.query<{ organisation_id: string }>(
      'SELECT p.organisation_id FROM environments e JOIN projects p ON p.id = e.project_id WHERE e.id = $1',
      [environmentId],
    )
  )[0]?.organisation_id;

/** A document that names another entity: what it is, and its name. */
export interface ReferenceUser {
  resource: string;
  name: string;
}

/** The configuration documents that name `name`, an entity of `resource` (by REFERENCES), itself aside. */
export const usersOf = async (
  q: Queryable,
  environmentId: string,
  resource: string,
  name: string,
  self?: string,
): Promise<ReferenceUser[]> => {
  const references = REFERENCES[resource] ?? [];
  if (!references.length) return [];
  const rows = await q.query<{ resource: string; id: string; data: Data }>(
    `SELECT resource, id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 AND resource = ANY($2::text[])
     ORDER BY resource, data->>'name'`,
    [environmentId, [...new Set(references.map((r) => r.resource))]],
  );
  // A rewrite that finds something to rewrite has found a use: the sentinel is never written.
  return rows
    .filter((row) => row.id !== self)
    .filter((row) =>
      references.some(
        (r) => r.resource === row.resource && r.rewrite(row.data, name, '\u0000') !== undefined,
      ),
    )
    .map((row) => ({ resource: row.resource, name: String(row.data.name ?? row.id) }));
};

/**
 * The configuration entities that must exist while others name them: their deletion is refused,
 * and an import naming one it does not hold (an archetype deleted under its interactions
 * failed every analysis once the server restarted; docs/decisions/resources-refuse-not-cascade.md).
 * An interaction is not among them: the category rules that test a missing one are flagged and
 * never match, which analyses survive.
 */
const GUARDED = ['archetype', 'interaction-function', 'nlu-context', 'category'] as const;

/**
 * The references of a whole configuration (by resource `$id`, its entities' data) to guarded
 * entities it does not hold, each with the entity and the path naming it. `exists` says whether a
 * name is known besides the configuration's own (the built-in archetypes).
 */
export const danglingReferences = (
  entities: ReadonlyMap<string, readonly Data[]>,
  exists: (resource: string, name: string) => boolean,
): { resource: string; index: number; path: string; kind: string; name: string }[] =>
  GUARDED.flatMap((kind) => {
    const names = new Set((entities.get(kind) ?? []).map((d) => d.name));
    return REFERENCES[kind].flatMap(({ resource, names: named }) =>
      (entities.get(resource) ?? []).flatMap((data, index) =>
        named(data)
          .filter(({ name }) => !names.has(name) && !exists(kind, name))
          .map(({ path, name }) => ({ resource, index, path, kind, name })),
      ),
    );
  });

/** Refuses (409 CONFIGURATION_IN_USE, with the users named) the deletion of an entity still named elsewhere. */
export const refuseDeletionInUse = async (
  q: Queryable,
  environmentId: string,
  resource: string,
  id: string,
): Promise<void> => {
  if (!(GUARDED as readonly string[]).includes(resource)) return;
  const [row] = await q.query<{ name: string | null }>(
    `SELECT data->>'name' AS name FROM resource_documents WHERE resource = $1 AND id = $2`,
    [resource, id],
  );
  if (!row?.name) return;
  const users = await usersOf(q, environmentId, resource, row.name, id);
  if (!users.length) return;
  const list = users.map((u) => u.name).join(', ');
  throw new ClientError(
    409,
    'CONFIGURATION_IN_USE',
    `'${row.name}' is used by ${list}: change or delete them first`,
    { params: { name: row.name, users: list, count: users.length }, users },
  );
};
