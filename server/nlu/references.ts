import { resourceSchemas } from '../../schemas/index';
import type { Queryable } from '../db';
import { writeAudit } from '../resources/audit';
import type { Criterion } from '../pipeline/categorisation/model';

type Data = Record<string, unknown>;
/** Rewrites one document's references from `from` to `to`; undefined when it has none. */
type Rewrite = (data: Data, from: string, to: string) => Data | undefined;

const renamedList =
  (field: string): Rewrite =>
  (data, from, to) => {
    const list = data[field];
    if (!Array.isArray(list) || !list.includes(from)) return undefined;
    return { ...data, [field]: list.map((v) => (v === from ? to : v)) };
  };

const renamedFields =
  (...fields: string[]): Rewrite =>
  (data, from, to) => {
    const named = fields.filter((f) => data[f] === from);
    return named.length ? { ...data, ...Object.fromEntries(named.map((f) => [f, to])) } : undefined;
  };

const renamedParameters: Rewrite = (data, from, to) => {
  const parameters = (data.parameters ?? []) as { archetype?: string }[];
  if (!parameters.some((p) => p.archetype === from)) return undefined;
  return { ...data, parameters: parameters.map((p) => (p.archetype === from ? { ...p, archetype: to } : p)) };
};

/** A criteria tree with its `type` leaves naming `from` renamed; the same object when none does. */
const renamedLeaves = (criterion: Criterion, type: string, from: string, to: string): Criterion => {
  if (criterion.type === type && criterion.name === from) return { ...criterion, name: to };
  if (!criterion.children) return criterion;
  const children = criterion.children.map((c) => renamedLeaves(c, type, from, to));
  return children.every((c, i) => c === criterion.children![i]) ? criterion : { ...criterion, children };
};

const renamedCriteria =
  (type: 'interaction' | 'category'): Rewrite =>
  (data, from, to) => {
    const rules = (data.rules ?? []) as { criteria: Criterion }[];
    const renamed = rules.map((r) => ({ ...r, criteria: renamedLeaves(r.criteria, type, from, to) }));
    return renamed.some((r, i) => r.criteria !== rules[i].criteria) ? { ...data, rules: renamed } : undefined;
  };

/**
 * Where the configuration names each kind of entity (references are by name, as in exported
 * files): by renamed resource, the resources and fields that name it.
 */
const REFERENCES: Record<string, { resource: string; rewrite: Rewrite }[]> = {
  archetype: [
    { resource: 'archetype', rewrite: renamedList('subArchetypes') },
    { resource: 'interaction', rewrite: renamedParameters },
    { resource: 'extraction-field', rewrite: renamedFields('archetype') },
  ],
  interaction: [
    { resource: 'category', rewrite: renamedCriteria('interaction') },
    { resource: 'extraction-field', rewrite: renamedFields('interaction') },
    {
      resource: 'interaction-function',
      rewrite: renamedFields(
        'interactionAfter',
        'interactionBefore',
        'interactionAround',
        'interactionRightAfter',
        'interactionRightBefore',
        'interactionToFind',
      ),
    },
  ],
  'interaction-function': [{ resource: 'interaction', rewrite: renamedList('functions') }],
  'nlu-context': [
    { resource: 'interaction', rewrite: renamedList('contexts') },
    { resource: 'nlu-server', rewrite: renamedList('contexts') },
  ],
  category: [{ resource: 'category', rewrite: renamedCriteria('category') }],
};

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
